-module(s247).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (fun(W) -> if W > 1 -> A; true -> (A andalso case W of W -> Z; _ -> Z, X end), (catch receive _ -> 1 after X -> X, Z, ok end), X end end), {try ok, [1 || [X | _] <- [Z || {W, X} <- Y, 1], A], g(receive {Y, Z} -> A after Y -> 1, A, W end, (X andalso 1)) of W -> g(case Z of X -> X; _ -> ok end, if W > 1 -> Y, X; true -> A end), g({ok, ok}, (catch W)), (catch begin A, Y end) catch _:Z -> [begin W, A end || {W, Y} <- ok, (fun(Z) -> W end)], Z end, (ok andalso if X > 1 -> (Z andalso 1); true -> [X || {Y, Y} <- A, A], [Y || Z <- X, Y], receive _ -> W, W, 1 after Y -> X, Z end end)}.
