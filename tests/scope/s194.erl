-module(s194).
-export([f/1]).
g(_, _) -> ok.
f(A) -> ok, g(g({[ok || Y <- ok, Y], [W || Y <- ok, ok]}, begin [A || _ <- 1, A], ok, begin Z end end), receive Y -> (fun(X) -> (X = ok) end), A, [[W || X <- Y, W] || W <- g(Y, A), begin A end] after Y -> {(X = X), begin A, Y end} end), Z.
