-module(s236).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g([receive Y -> (fun(Z) -> A, W end), X, [1 || X <- A, 1] after Y -> 1 end || [X | _] <- g(begin W, A, ok end, [1 || [W | _] <- Z, Y]), Y], A), ok, ((catch [W || [Y | _] <- W, g(X, Y)]) andalso if Z > 1 -> 1, begin case 1 of {Z, Z} -> 1, X; _ -> Z, Z, 1 end, if X > 1 -> 1, 1; true -> W, X, 1 end end, ([Z || {Z, W} <- A, A] andalso begin 1, Y, 1 end); true -> try (Z andalso W), [Z || _ <- Y, A], A of {W, Z} -> A catch _:Y -> case X of _ -> ok, A; _ -> ok end end, W, {X, ok} end).
