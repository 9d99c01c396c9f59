-module(s139).
-export([f/1]).
g(_, _) -> ok.
f(A) -> receive {Z, X} -> (fun(Z) -> if Z > 1 -> begin 1, A end; true -> (1 andalso A), begin ok end end, (Z = g(Z, ok)) end), W, begin 1, A, A end after Y -> g(begin X, (catch 1), try W of _ -> 1, ok catch _:W -> Y, W, Y end end, ok), (fun(X) -> receive W -> [W || Y <- X, A], try Y of [W | _] -> Z catch _:W -> Z, ok end, if Z > 1 -> X; true -> X, Z, ok end after Y -> ok, if Y > 1 -> X, A, A; true -> X, A end, (1 andalso ok) end end) end.
