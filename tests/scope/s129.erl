-module(s129).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (1 andalso try if Y > 1 -> receive Y -> W, ok after X -> ok end, (catch 1), receive _ -> Y after W -> A end; true -> {A, X}, A end of {W, Y} -> ok, A, ok catch _:W -> (ok andalso g(W, W)), {1, case ok of {Z, Z} -> W, ok; _ -> W, ok, ok end} end), receive Z -> ((Z = (Z = 1)) andalso case (catch A) of Z -> (fun(Y) -> 1, A end), [X || [Y | _] <- Z, Z]; _ -> (catch 1) end) after X -> case if W > 1 -> {ok, ok}, try 1, ok, 1 of W -> ok, ok catch _:Z -> Z end, A; true -> [Y || Z <- 1, 1] end of Z -> Y; _ -> (fun(Y) -> (A andalso 1) end), begin ok end, (Z = receive {W, Z} -> A, W after Z -> W, A, ok end) end, g(X, ok) end, A.
