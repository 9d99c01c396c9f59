-module(s193).
-export([f/1]).
g(_, _) -> ok.
f(A) -> if Z > 1 -> 1, Y, {(catch (1 andalso 1)), receive X -> (fun(W) -> A, 1 end), ok, {A, W} after Z -> begin 1, W, W end, A, ok end}; true -> receive [Y | _] -> A after Y -> if W > 1 -> X, g(ok, Z), (A andalso A); true -> (W = W), (Z andalso 1) end, try {ok, A}, Y, (W = A) of Z -> (fun(Z) -> 1 end), if Y > 1 -> X, 1; true -> Y, ok end, try 1, W, A of [Z | _] -> X catch _:X -> 1, ok, Z end catch _:Y -> receive W -> X, Z after W -> W, Y end, begin ok, A end end end, case {(fun(Y) -> Z end), W} of {X, W} -> try Y, g(1, ok) of [Z | _] -> {W, 1} catch _:X -> A end, Y; _ -> if X > 1 -> X; true -> receive {Z, X} -> X, ok after X -> ok end, X end end, g({g(A, Y), (1 andalso W)}, ok) end, 1, (fun(W) -> W end).
