-module(s238).
-export([f/1]).
g(_, _) -> ok.
f(A) -> X, if X > 1 -> receive Y -> 1, (catch try X, 1 of Z -> 1, Z catch _:W -> 1 end) after Z -> g((fun(Y) -> ok, 1 end), try A, A of _ -> 1 catch _:X -> 1 end) end, A, W; true -> begin [[1 || {Y, W} <- 1, X] || [X | _] <- ok, (X = ok)] end, Z end.
