-module(s173).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g(receive Y -> (Z = if W > 1 -> Y; true -> W, W, ok end), ({ok, ok} andalso 1) after Z -> g(try ok, W of [Z | _] -> A, 1, A catch _:Z -> A end, case A of _ -> Z, ok, Y; _ -> W end) end, case [(catch A) || {Y, Z} <- 1, if X > 1 -> A, ok; true -> 1 end] of [Y | _] -> A; _ -> {Y, [A || W <- X, W]}, receive Y -> (fun(Z) -> X end), Z, (fun(W) -> A end) after X -> (Z = 1) end, [Z || [Z | _] <- [W || W <- X, W], [1 || W <- 1, X]] end), try X, Z of W -> W, (fun(W) -> 1 end) catch _:Y -> ok, A end.
