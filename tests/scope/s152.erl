-module(s152).
-export([f/1]).
g(_, _) -> ok.
f(A) -> [case case (Z = W) of [Y | _] -> A, (fun(W) -> Y, X end), if W > 1 -> A, 1; true -> 1, 1, 1 end; _ -> {1, X} end of W -> W, Y, case Z of [W | _] -> (W = ok), g(X, 1); _ -> (X = Z) end; _ -> {(catch ok), try A, A of Y -> 1, Y, 1 catch _:W -> 1 end}, Z, A end || [X | _] <- {begin [W || W <- ok, ok], ok end, ok}, (catch begin [W || Y <- Y, Y] end)], W.
