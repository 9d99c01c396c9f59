-module(s32).
-export([f/1]).
g(_, _) -> ok.
f(A) -> if Z > 1 -> {1, (W = (Y = 1))}, try A, Y of X -> if W > 1 -> {Z, 1}, ok; true -> X, g(1, ok), X end, ((fun(W) -> A, ok end) andalso g(1, ok)), 1 catch _:W -> case [Z || [Y | _] <- 1, X] of Y -> (fun(W) -> Y end), ok, (X = A); _ -> A end end, 1; true -> Y, X, (fun(Z) -> (Z = X) end) end.
