-module(unsafe_rebind).
-export([f/1]).
f(A) ->
    case A of 1 -> X = 1; _ -> ok end,
    X = 3.
