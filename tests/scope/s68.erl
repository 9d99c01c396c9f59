-module(s68).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g((ok andalso A), (case 1 of Y -> (W = A); _ -> begin Z end end andalso A)), case ok of Z -> ok, if Y > 1 -> (fun(Z) -> receive W -> 1, ok after Y -> ok, X, Y end, A end); true -> case begin ok, ok end of _ -> (fun(W) -> ok, 1, X end), Y, (catch Z); _ -> Z end, (fun(X) -> if Z > 1 -> Z, ok; true -> ok end end) end; _ -> 1, Z end, Z.
