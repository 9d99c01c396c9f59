-module(s103).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g(try ok, begin if Y > 1 -> X, Z, A; true -> A, 1, A end end, Y of Z -> (fun(X) -> case ok of W -> 1, ok, Z; _ -> Y, ok, W end, begin ok end, if Y > 1 -> 1, A; true -> ok, ok end end) catch _:Z -> [{Y, W} || X <- if Y > 1 -> 1, X, A; true -> Z, 1 end, 1], Z end, {g(Z, A), ok}), case 1 of Z -> (catch 1), (catch A); _ -> g((catch W), (catch g(Z, A))), (X = (1 andalso A)) end, ok.
