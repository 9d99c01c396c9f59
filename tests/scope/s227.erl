-module(s227).
-export([f/1]).
g(_, _) -> ok.
f(A) -> begin ok, Z end, case {g(try ok, Y of Y -> 1 catch _:X -> Z, A end, (ok andalso A)), if Y > 1 -> ok; true -> receive [Z | _] -> Z, ok, A after Y -> Z end, g(ok, 1), (catch ok) end} of {W, Z} -> case Y of [X | _] -> A; _ -> Y end, A; _ -> A end.
