-module(s57).
-export([f/1]).
g(_, _) -> ok.
f(A) -> receive Z -> W, if Z > 1 -> case g(A, ok) of {Y, W} -> receive Y -> W after W -> W, ok end, (W = X), (fun(Z) -> ok, ok end); _ -> (Z = A), g(1, Y) end, if X > 1 -> W; true -> A, [W || [X | _] <- Y, W] end; true -> g(1, [1 || W <- A, ok]), Z, g(begin W end, Y) end after W -> W end.
