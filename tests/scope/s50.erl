-module(s50).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (fun(Y) -> (fun(X) -> begin Y, (fun(Y) -> Z end), case Z of Z -> ok, 1; _ -> A, ok, A end end, (catch Z), receive {W, Y} -> case W of X -> ok; _ -> W, Z, 1 end after Z -> (Z andalso X), X, g(X, A) end end), ok, if Y > 1 -> (catch (fun(W) -> Z, 1 end)); true -> case (X = 1) of Y -> receive {Y, Y} -> W, Z after Z -> W, ok, A end, ok; _ -> {X, X}, 1 end, try [1 || X <- ok, W] of X -> A, A, [A || Y <- 1, ok] catch _:Y -> ok end, (W = 1) end end), Y.
