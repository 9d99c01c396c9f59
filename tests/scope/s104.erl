-module(s104).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g([g(X, case Z of [Z | _] -> ok, 1; _ -> X end) || {X, Y} <- W, (ok andalso (Y andalso A))], if W > 1 -> W; true -> Y end).
