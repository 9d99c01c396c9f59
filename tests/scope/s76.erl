-module(s76).
-export([f/1]).
g(_, _) -> ok.
f(A) -> [ok || [Z | _] <- {case (catch ok) of {W, Y} -> (X = W), A; _ -> (ok andalso A) end, (W = try W, X of {X, Y} -> ok catch _:X -> X, ok, X end)}, begin W, [(fun(Z) -> 1 end) || Y <- [A || W <- ok, ok], W] end], Z.
