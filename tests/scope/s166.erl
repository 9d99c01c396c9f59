-module(s166).
-export([f/1]).
g(_, _) -> ok.
f(A) -> [(fun(X) -> (fun(Z) -> if X > 1 -> Y, A; true -> ok, Y, 1 end, (catch A), X end), 1 end) || W <- (fun(Z) -> receive [Z | _] -> case 1 of W -> Z, ok, ok; _ -> ok, W end, if X > 1 -> W, ok, ok; true -> 1 end after Z -> begin 1 end, (fun(W) -> 1 end) end, [{A, 1} || [Y | _] <- Z, if X > 1 -> A, A; true -> ok, W end] end), 1].
