-module(s237).
-export([f/1]).
g(_, _) -> ok.
f(A) -> if Y > 1 -> A, {g((fun(Z) -> ok, W end), 1), 1}; true -> [case {A, Y} of Y -> Z, X, (A andalso A); _ -> try A, Y, 1 of _ -> A catch _:Z -> A end, receive Y -> X after X -> W end end || [W | _] <- (ok andalso receive {Z, X} -> A, A, 1 after X -> Y end), 1], g(X, A), A end, receive [X | _] -> [A || {Y, Y} <- (catch (A andalso A)), ok], (catch Y) after X -> 1 end, A.
