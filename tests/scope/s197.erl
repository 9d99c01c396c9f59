-module(s197).
-export([f/1]).
g(_, _) -> ok.
f(A) -> X, (W = try try if W > 1 -> 1, W; true -> 1, 1 end, {1, 1}, X of {Z, Y} -> [ok || W <- ok, Z], ok catch _:W -> A end, 1, A of X -> A, receive W -> 1 after Z -> if Y > 1 -> A, Z, A; true -> Y, Y, 1 end, ok, try 1, 1, ok of Y -> Z catch _:W -> A, 1, Y end end catch _:Y -> (catch (ok andalso A)), g(ok, if Y > 1 -> A; true -> ok end), receive X -> A, [1 || Z <- A, 1], [1 || {Y, Z} <- X, Z] after W -> 1, (W = ok), X end end), if Z > 1 -> {try ok, {1, Z}, [1 || Z <- X, 1] of X -> [1 || W <- 1, Z], if W > 1 -> ok, ok; true -> A, X, 1 end, try W, Z of {X, X} -> A catch _:W -> ok, A end catch _:Y -> [ok || X <- 1, Y] end, ok}; true -> Z, W end.
