-module(unsafe_try).
-export([f/1]).
f(A) ->
    try A of
        1 -> X = 1
    catch _ -> X = 2
    end,
    X.
