-module(fun_var_scope).
-export([f/1]).
f(A) ->
    _ = fun() -> Y = A end,
    Y.
