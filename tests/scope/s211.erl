-module(s211).
-export([f/1]).
g(_, _) -> ok.
f(A) -> try begin receive Y -> receive [Y | _] -> A, A after Y -> 1 end, ok after W -> (catch A) end, 1, (Z = [1 || W <- W, Y]) end of Z -> begin (catch Z), (Y = {Z, Y}) end, ok catch _:Z -> (fun(Z) -> (X = 1), case A of Y -> [Y || Z <- W, A], A, {A, A}; _ -> A, (X = W) end, try if X > 1 -> A, A, Z; true -> 1 end, [A || Z <- ok, ok] of {Z, W} -> begin X, 1 end, g(A, 1) catch _:Y -> begin ok, ok, ok end, (W = ok), if W > 1 -> ok, ok, A; true -> ok end end end), 1, (g(receive Y -> A after Z -> Z, W end, if Z > 1 -> A; true -> ok, X end) andalso ok) end, case 1 of [Y | _] -> Y, Z; _ -> {g(1, g(ok, A)), try [W || Y <- Y, X] of Y -> [Y || W <- A, 1] catch _:Y -> (Z = 1), (X andalso ok), [Z || Y <- ok, A] end} end, 1.
