-module(s136).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (W = try if W > 1 -> X; true -> receive _ -> W, Z, Z after Z -> A, A end end, try receive _ -> W after Y -> ok, ok end of [Z | _] -> ok catch _:Y -> {A, Z} end of [W | _] -> Z, (W = ok), (Y andalso (fun(W) -> W end)) catch _:X -> g(1, try A, ok, 1 of _ -> A, 1, ok catch _:W -> Y, Y end) end), 1, ({(Y = Y), A} andalso if Y > 1 -> case A of _ -> case W of W -> 1; _ -> W, Y end, (Z = 1); _ -> Z end; true -> A, (catch {Z, W}), X end).
