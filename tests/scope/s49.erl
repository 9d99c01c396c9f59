-module(s49).
-export([f/1]).
g(_, _) -> ok.
f(A) -> case ((X = (catch A)) andalso Z) of Y -> [(fun(Z) -> receive {W, Y} -> A, ok, A after W -> 1, X, X end, ok, case ok of W -> ok, X; _ -> 1 end end) || X <- g(Z, ok), receive Y -> receive X -> A, X after X -> A, W end, (W = ok), Y after Z -> (X = X), try ok, Z, 1 of X -> A catch _:W -> 1, 1, X end end]; _ -> Y end.
