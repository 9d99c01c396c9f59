-module(s13).
-export([f/1]).
g(_, _) -> ok.
f(A) -> Y, begin 1, 1, case (catch g(1, 1)) of [Z | _] -> A, if W > 1 -> (A andalso 1), [A || Y <- ok, W], (Y = Z); true -> (catch 1), begin W end, (X = 1) end, Y; _ -> receive {X, W} -> (ok andalso ok), (X = A) after W -> (catch Y) end end end.
