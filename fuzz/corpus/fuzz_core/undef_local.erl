-module(undef_local).
-export([f/1]).
f(A) -> foo(A).
