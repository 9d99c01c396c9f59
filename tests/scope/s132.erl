-module(s132).
-export([f/1]).
g(_, _) -> ok.
f(A) -> X, (Z andalso if W > 1 -> {receive _ -> A, A, A after Y -> 1, W end, {1, 1}}; true -> case {Y, ok} of {X, W} -> (A andalso X), A, case W of _ -> 1, Z, ok; _ -> A, ok end; _ -> begin 1, 1 end, W, case Z of X -> Y, X; _ -> X end end, begin ok, (catch A) end, (g(ok, A) andalso [X || _ <- 1, A]) end).
