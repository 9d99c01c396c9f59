-module(s34).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (Y = [case (catch 1) of X -> case A of _ -> 1; _ -> A, A end; _ -> ok, Z end || _ <- (fun(W) -> {Z, Y} end), A]), W, (catch g(g({ok, 1}, begin X, A end), if Z > 1 -> if W > 1 -> W; true -> 1 end, {ok, W}, A; true -> if W > 1 -> 1, Y; true -> 1, ok, A end, (fun(X) -> Z, A end) end)).
