-module(unsafe_try_body).
-export([f/1]).
f(A) ->
    try X = A of
        _ -> 1
    catch _ -> 2
    end,
    X.
