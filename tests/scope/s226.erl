-module(s226).
-export([f/1]).
g(_, _) -> ok.
f(A) -> 1, [{g((fun(X) -> A, ok, W end), W), W} || _ <- {case Y of X -> (catch ok), case A of Y -> 1, ok, Y; _ -> A, A end; _ -> (fun(X) -> Y end), 1, try ok of Z -> ok catch _:W -> Y, X, Z end end, g(1, (fun(X) -> X, X, Y end))}, [case try ok of X -> ok, 1, 1 catch _:Z -> A end of Y -> A; _ -> receive _ -> ok, A, Y after Z -> A end, case A of Z -> W, X; _ -> 1 end end || X <- [(catch 1) || W <- g(A, 1), g(Y, W)], (W = g(A, ok))]].
