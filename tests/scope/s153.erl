-module(s153).
-export([f/1]).
g(_, _) -> ok.
f(A) -> A, receive {Z, W} -> (begin try Z of [Z | _] -> W catch _:X -> ok, Y, A end, (fun(Y) -> ok, X, W end), (fun(Z) -> Y, 1 end) end andalso ok) after W -> ok, try receive _ -> (W = Y), Z after Z -> try Y, ok of {X, X} -> W, W, X catch _:W -> Y, ok, W end, 1, begin A, W, ok end end, X, 1 of [X | _] -> Z, Y catch _:W -> g(A, ok) end, (X = if Y > 1 -> W, 1, (catch A); true -> receive [Y | _] -> ok, 1 after Z -> X, Z, W end end) end.
