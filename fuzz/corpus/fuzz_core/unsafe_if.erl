-module(unsafe_if).
-export([f/1]).
f(A) ->
    if A > 1 -> X = 1; true -> ok end,
    X.
