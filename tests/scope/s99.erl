-module(s99).
-export([f/1]).
g(_, _) -> ok.
f(A) -> receive Y -> (catch ((ok andalso ok) andalso try Y of [X | _] -> A, A catch _:X -> Y, ok end)) after Y -> (X = W), begin 1 end, W end, {1, {if Y > 1 -> case Z of [W | _] -> W; _ -> Z, 1 end, ok, (fun(X) -> ok end); true -> begin 1 end end, 1}}.
