-module(s71).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (Z = try A, W of Y -> (W = try W of [X | _] -> A catch _:Z -> Z, X end) catch _:X -> A, (fun(Z) -> A end) end), (case g(receive X -> 1 after Z -> ok end, try ok of W -> A, W catch _:W -> Z end) of X -> A, (fun(W) -> 1 end); _ -> (catch begin ok end), (catch receive W -> W, W, W after Y -> Y end), if Y > 1 -> (fun(Y) -> Y end), begin W end; true -> [A || [X | _] <- Z, W] end end andalso A).
