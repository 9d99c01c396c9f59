-module(s249).
-export([f/1]).
g(_, _) -> ok.
f(A) -> receive W -> W, case if W > 1 -> A; true -> W, (fun(W) -> ok, 1, W end) end of {Y, Z} -> try try 1, A, W of W -> A, 1 catch _:W -> ok, X, A end, (Y andalso 1) of Z -> case Z of X -> Z; _ -> 1, ok end, A, (A andalso 1) catch _:Z -> (X = Y), A end, A, begin begin 1, 1, A end end; _ -> g((ok andalso Y), if Y > 1 -> X, W, Z; true -> X, A end) end, try X, 1, (fun(X) -> g(Y, A) end) of X -> g(g(ok, W), W) catch _:Y -> 1, ok, ok end after W -> g(receive _ -> (fun(X) -> Z, 1, X end), [A || X <- X, W] after Y -> begin Z end end, (g(1, ok) andalso {A, 1})) end, A.
