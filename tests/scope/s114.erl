-module(s114).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (fun(Y) -> if Z > 1 -> Z, case {A, W} of Y -> begin 1 end, 1; _ -> case X of Z -> ok, 1; _ -> X, X end end, Z; true -> ok, (fun(X) -> if Z > 1 -> ok, W; true -> A, ok end end) end, begin [(fun(Z) -> X, Z end) || [Y | _] <- 1, (catch A)], [1 || {W, Z} <- begin A, X, Z end, case ok of Y -> 1, ok; _ -> Y, A end], case receive X -> 1 after Z -> X end of Y -> (fun(X) -> W, W end), case A of Z -> A, A; _ -> Z, W, ok end, Y; _ -> Y, 1 end end, case {{1, X}, case 1 of {X, Y} -> A, ok; _ -> ok, 1 end} of [W | _] -> begin case ok of W -> ok; _ -> Z, W end end, (if Y > 1 -> 1, X, X; true -> ok, W end andalso 1), 1; _ -> begin case A of X -> X; _ -> 1 end end, Z end end).
