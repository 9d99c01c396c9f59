-module(s4).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g(if X > 1 -> X; true -> (catch case 1 of Z -> A, Y; _ -> X end), receive _ -> (ok andalso 1), (X = 1) after Y -> ok, A, (Z andalso Z) end, if Z > 1 -> 1, (fun(X) -> A, A end); true -> (catch 1) end end, (fun(X) -> A, W end)).
