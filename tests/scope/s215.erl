-module(s215).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (fun(X) -> 1, case if Z > 1 -> A, W, begin Z, Y end; true -> W, A end of Y -> (fun(Z) -> ok, (fun(Z) -> 1 end), (1 andalso X) end), W, [g(Y, Y) || W <- if Y > 1 -> 1, ok, A; true -> 1, Y end, if W > 1 -> A; true -> Y end]; _ -> {W, {A, W}}, X, try receive {Y, W} -> ok, Z, Y after Z -> 1, 1, Y end, (W = A), {1, X} of Z -> begin W, X, A end, (Y andalso 1) catch _:Y -> (catch W), try Z, W, 1 of [W | _] -> Z, Z catch _:Z -> A, 1, A end end end end).
