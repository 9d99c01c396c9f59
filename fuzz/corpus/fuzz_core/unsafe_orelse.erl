-module(unsafe_orelse).
-export([f/1]).
f(A) ->
    _ = A orelse (Y = true),
    Y.
