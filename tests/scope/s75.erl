-module(s75).
-export([f/1]).
g(_, _) -> ok.
f(A) -> {W, (fun(X) -> 1, [receive {Y, Y} -> A after Y -> X, Y end || [X | _] <- (fun(X) -> A, Y, ok end), Y] end)}, (if Z > 1 -> {g(A, 1), (fun(X) -> A, 1, A end)}, receive {Y, Z} -> try ok of Z -> ok, Z, ok catch _:W -> ok, Y end, (ok andalso A) after Z -> begin X end, Z end; true -> (Y = (1 andalso Y)), try Y, case ok of [Y | _] -> 1; _ -> Z end of {W, X} -> [X || {Z, X} <- ok, X], [A || W <- W, W], (catch W) catch _:X -> X, if X > 1 -> X; true -> A, X, ok end, (catch 1) end, case receive Y -> 1, X, ok after Z -> ok, Z end of {Z, X} -> Z, 1; _ -> (X andalso ok) end end andalso [A || Y <- Y, ok]).
