-module(s122).
-export([f/1]).
g(_, _) -> ok.
f(A) -> 1, {begin if X > 1 -> try 1, ok, A of W -> ok, ok catch _:X -> X, 1 end, try Z of Z -> ok, X, ok catch _:Y -> 1 end; true -> if W > 1 -> A, W; true -> A, X end, 1 end, case case 1 of X -> Z; _ -> A end of [W | _] -> g(Z, X), X; _ -> 1 end, (catch 1) end, (fun(W) -> begin g(ok, Z), if Z > 1 -> 1; true -> 1, W end, ok end, receive {X, W} -> g(W, 1), (W andalso Z) after X -> receive [Z | _] -> Y, Z after Z -> 1 end, begin W, ok, A end, if Z > 1 -> 1, ok; true -> 1 end end, {try A, Y, 1 of Y -> X, Y catch _:Y -> Z, A, Z end, (catch ok)} end)}, (X = (Z = ok)).
