-module(s58).
-export([f/1]).
g(_, _) -> ok.
f(A) -> X, (fun(Z) -> receive X -> {{W, Y}, Z} after Y -> if Y > 1 -> Y, ok; true -> receive Z -> Z, ok, X after W -> 1, X, 1 end, Y, {A, X} end, if Y > 1 -> begin Y, Y end; true -> (Z = Z) end, (fun(X) -> g(W, W), case W of [Y | _] -> A; _ -> X, ok end, {1, Z} end) end, case if Z > 1 -> if Y > 1 -> Z, X; true -> A, W end, (fun(Y) -> A end); true -> (Y = A) end of [X | _] -> ok, [g(A, Z) || Z <- try ok, Y of [W | _] -> Z, ok, ok catch _:Z -> X, W end, (1 andalso ok)], (catch (Y = ok)); _ -> (fun(X) -> Y, ok end), 1 end end), g(1, (Y = [ok || _ <- g(X, A), {1, X}])).
