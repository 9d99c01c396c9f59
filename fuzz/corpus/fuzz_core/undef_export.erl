-module(undef_export).
-export([f/1, g/2]).
f(A) -> A.
