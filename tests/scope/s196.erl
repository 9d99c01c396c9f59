-module(s196).
-export([f/1]).
g(_, _) -> ok.
f(A) -> begin 1, (catch if Z > 1 -> A, Z, g(Z, W); true -> (catch ok), if Z > 1 -> ok, W; true -> W end end), X end, W, [[A || {W, Y} <- W, if Y > 1 -> {A, 1}, {Y, X}, receive Y -> 1, A after X -> X, X, 1 end; true -> if W > 1 -> A, Z, W; true -> ok, 1 end, try A, Y, Z of {Z, Y} -> A catch _:X -> A, 1, Z end, receive X -> A after W -> A, A end end] || {Y, Y} <- X, (W = case {Y, 1} of Y -> Y; _ -> (catch A), ok, 1 end)].
