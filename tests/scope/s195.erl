-module(s195).
-export([f/1]).
g(_, _) -> ok.
f(A) -> begin try 1, try [X || {X, X} <- A, 1] of {W, Z} -> W, receive {W, Y} -> 1 after W -> W end, receive X -> 1, A, ok after Y -> Z end catch _:Z -> try 1 of [Y | _] -> W catch _:W -> 1, A end, {1, Z} end of W -> ok, 1 catch _:Y -> (Z = ok), ok, (1 andalso (fun(Z) -> ok, W end)) end end, begin (fun(X) -> g({ok, Z}, Y) end), {(g(1, A) andalso (A andalso 1)), (W = (fun(Z) -> Z, Z, W end))}, receive [X | _] -> 1 after W -> begin receive {Y, X} -> 1, Y after Z -> Y end end end end, Z.
