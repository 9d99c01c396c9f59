-module(s102).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (fun(Y) -> receive Z -> receive Y -> {Y, A}, {X, W}, g(Y, 1) after W -> {ok, ok} end, A, (fun(X) -> 1, ok end) after Y -> try Y, (ok andalso X), 1 of _ -> [Z || W <- 1, ok], ok catch _:Y -> g(Y, X) end end, Y, begin W end end).
