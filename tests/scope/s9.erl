-module(s9).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (catch A), receive X -> g(g(if Y > 1 -> X; true -> Y, 1 end, (Y = X)), {Y, (X = 1)}), A, (ok andalso A) after Y -> g((Z = receive [Z | _] -> ok, A, 1 after X -> W, A, X end), Z) end.
