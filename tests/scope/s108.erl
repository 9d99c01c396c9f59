-module(s108).
-export([f/1]).
g(_, _) -> ok.
f(A) -> case [[Z || Z <- A, case A of {X, W} -> Y; _ -> W, ok, ok end] || _ <- A, if X > 1 -> {A, A}; true -> (X = ok) end] of _ -> (fun(Z) -> case ok of Y -> W; _ -> (fun(X) -> ok, A end) end, 1, {[A || {X, W} <- A, ok], try ok, Y, W of {W, Y} -> Z catch _:Z -> Y, W end} end), ok; _ -> g((fun(Z) -> X, g(ok, A), (fun(Z) -> 1, A end) end), (catch (catch W))), (fun(W) -> (fun(X) -> ok, (1 andalso 1), {A, A} end), g((fun(W) -> ok end), g(A, 1)), {ok, {Y, Z}} end) end.
