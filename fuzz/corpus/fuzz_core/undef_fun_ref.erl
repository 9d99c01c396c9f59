-module(undef_fun_ref).
-export([f/0]).
f() -> fun g/1.
