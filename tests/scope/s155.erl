-module(s155).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (catch [[receive [Y | _] -> A, Y, 1 after X -> X, A, W end || W <- if Y > 1 -> 1, ok, Y; true -> A, W end, (fun(X) -> ok, 1 end)] || [Z | _] <- {if X > 1 -> 1, A, ok; true -> 1 end, (fun(W) -> ok, A end)}, g(Y, g(A, 1))]), [(catch Y) || {X, X} <- (W = 1), (X = Z)], receive _ -> {(g(ok, ok) andalso case A of Z -> A, 1, X; _ -> A, Z end), A} after W -> {(catch 1), [receive Y -> ok, W, 1 after Y -> ok, A, 1 end || X <- [ok || [W | _] <- ok, ok], receive Y -> W, ok after X -> W, Y, ok end]}, ok end.
