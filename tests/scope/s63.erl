-module(s63).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (catch case case Y of [Z | _] -> try Z, A, ok of {W, Y} -> A catch _:Z -> ok end, (Z = ok), A; _ -> [W || [Y | _] <- 1, 1] end of Z -> (X = if W > 1 -> A, 1; true -> W, ok, 1 end); _ -> (fun(X) -> if W > 1 -> Z, 1; true -> W, A end, if Z > 1 -> X, 1; true -> A, 1 end, (fun(Y) -> ok end) end) end), [(receive {Y, W} -> receive {W, Z} -> 1, ok after X -> ok end, receive Y -> W, 1 after X -> ok end after W -> (Y andalso W) end andalso case receive Z -> 1, 1 after Y -> 1, ok end of Z -> (catch W), case 1 of Y -> X, ok; _ -> Y, ok, ok end; _ -> {ok, Y} end) || Z <- {case case W of W -> W; _ -> 1, 1 end of Z -> ok; _ -> begin 1, A end, {1, A} end, A}, (W = {begin 1, Y, Y end, g(A, A)})].
