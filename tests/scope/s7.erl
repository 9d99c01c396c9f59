-module(s7).
-export([f/1]).
g(_, _) -> ok.
f(A) -> [case case (Y = W) of W -> case X of [X | _] -> W, Z, Y; _ -> ok, ok, 1 end; _ -> g(A, 1) end of {X, X} -> (fun(Y) -> begin 1 end, receive _ -> Z after X -> ok, ok, X end end), Y, {A, A}; _ -> (fun(W) -> Y end), (W = if Z > 1 -> A, ok; true -> ok, W, W end) end || X <- 1, case receive Z -> {ok, X}, g(X, A) after X -> A, if Z > 1 -> A; true -> Y end, (fun(X) -> Z end) end of {Z, W} -> (fun(X) -> 1 end), 1, case case W of Z -> ok; _ -> Y, A, Z end of {Y, X} -> g(W, 1); _ -> 1 end; _ -> if X > 1 -> {A, W}, if Y > 1 -> 1; true -> A, Y, W end, receive [Y | _] -> A, ok, ok after Z -> X end; true -> case Z of Y -> ok, ok; _ -> 1, 1, ok end, receive X -> Y after Z -> Z, W end, (1 andalso Y) end, 1, 1 end], {A, X}.
