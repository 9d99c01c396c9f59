-module(s167).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (fun(W) -> g(g([W || [X | _] <- Z, Z], case W of Z -> ok; _ -> 1, Y, ok end), try ok, begin X end of {Y, W} -> W, if W > 1 -> ok, W; true -> A end catch _:Y -> begin 1, X, ok end end), (fun(W) -> (Y = A) end) end).
