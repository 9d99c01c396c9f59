-module(s212).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (X = if Y > 1 -> Z; true -> [X || X <- A, (catch A)] end), Y.
