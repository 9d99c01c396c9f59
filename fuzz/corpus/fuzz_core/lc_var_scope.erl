-module(lc_var_scope).
-export([f/1]).
f(A) ->
    _ = [Y || Y <- A],
    Y.
