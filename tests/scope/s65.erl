-module(s65).
-export([f/1]).
g(_, _) -> ok.
f(A) -> ok, (begin case {1, X} of {Z, Z} -> ok, g(1, X), case Y of {W, W} -> Z; _ -> 1 end; _ -> begin 1 end, if Y > 1 -> 1; true -> Y, 1, A end, g(A, 1) end, try 1 of [Y | _] -> A, g(Z, 1) catch _:Y -> (Z = ok) end end andalso begin 1, receive _ -> A, receive X -> W, A after W -> Y, 1, ok end, if X > 1 -> Y, X; true -> X, X end after X -> (fun(W) -> ok, Y end) end, [[Z || X <- 1, ok] || {Z, X} <- X, begin A, Z end] end).
