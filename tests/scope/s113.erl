-module(s113).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g(Z, (X = receive Z -> [W || {Y, Y} <- W, Y], (W = Y) after X -> case 1 of {Z, Y} -> A; _ -> 1 end end)).
