-module(s162).
-export([f/1]).
g(_, _) -> ok.
f(A) -> begin [receive [Z | _] -> if X > 1 -> A, X; true -> X, A end, A after Z -> g(W, Z) end || X <- (Z = receive [W | _] -> ok, 1 after Z -> ok, Y, Z end), {ok, g(ok, A)}] end.
