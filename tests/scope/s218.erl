-module(s218).
-export([f/1]).
g(_, _) -> ok.
f(A) -> Z, (Z = (fun(Z) -> W, g(if Y > 1 -> A, Z, 1; true -> X end, try W, X, Z of Y -> 1 catch _:Z -> W, ok end), if Z > 1 -> (Z = Y); true -> (catch A), X end end)).
