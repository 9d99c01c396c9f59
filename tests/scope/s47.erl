-module(s47).
-export([f/1]).
g(_, _) -> ok.
f(A) -> 1, [[case 1 of {Y, Y} -> {1, Y}, A, (1 andalso A); _ -> (catch 1), (W = A) end || _ <- begin (catch Y) end, (case 1 of [X | _] -> W, ok, ok; _ -> A end andalso (catch X))] || Z <- W, {receive {X, Y} -> (fun(X) -> X, A, A end) after X -> (ok andalso A), ok, [ok || {Y, Z} <- Y, 1] end, begin (Y = 1), [A || _ <- W, A], [Z || [W | _] <- ok, Z] end}].
