-module(unsafe_andalso).
-export([f/1]).
f(A) ->
    _ = A andalso (Y = true),
    Y.
