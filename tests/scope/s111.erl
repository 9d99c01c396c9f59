-module(s111).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (fun(W) -> receive [Y | _] -> try [W || [Z | _] <- Z, W] of [X | _] -> 1, ok catch _:Z -> {X, 1}, {A, A}, g(A, Z) end, (fun(X) -> Z, receive {W, X} -> 1, W, ok after Z -> A end, 1 end), try (1 andalso A), begin ok, Y end, (Y = 1) of {Y, X} -> (Z = A), (W = 1) catch _:X -> X, (ok andalso ok), try A, Z, W of [W | _] -> Y, ok catch _:Z -> 1, ok end end after W -> begin ok end, A, g([Y || [X | _] <- X, X], begin ok end) end end).
