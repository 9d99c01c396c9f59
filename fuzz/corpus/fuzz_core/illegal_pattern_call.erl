-module(illegal_pattern_call).
-export([f/1]).
f(A) ->
    g(1) = A.
g(X) -> X.
