-module(s168).
-export([f/1]).
g(_, _) -> ok.
f(A) -> W, A, {receive {X, X} -> (fun(Z) -> [Z || Z <- ok, 1], ok, X end), try {1, X}, A of Y -> W catch _:Y -> (A andalso Y) end after Y -> ([X || {Y, W} <- ok, 1] andalso (Z = 1)), begin W end end, if Y > 1 -> {A, g(Z, 1)}; true -> Z, 1, Y end}.
