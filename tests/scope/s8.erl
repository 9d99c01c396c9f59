-module(s8).
-export([f/1]).
g(_, _) -> ok.
f(A) -> [X || Y <- (W = [try 1, W of {X, X} -> W, A catch _:Y -> ok, A, ok end || X <- (fun(Z) -> Z, A, Z end), (catch ok)]), W].
