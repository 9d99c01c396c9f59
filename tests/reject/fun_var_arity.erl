-module(fun_var_arity).
-export([f/1]).
f(N) -> fun lists:map/N.
