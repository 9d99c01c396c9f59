-module(s46).
-export([f/1]).
g(_, _) -> ok.
f(A) -> receive {Y, Y} -> (X = Z), Z, g(if W > 1 -> {W, Z}, A; true -> [Z || [Y | _] <- 1, 1], begin Y, A, ok end end, (X = Y)) after X -> if Y > 1 -> (catch {1, W}), 1; true -> g((W andalso 1), try 1 of _ -> 1, W, 1 catch _:Z -> X end), (ok andalso try 1 of Y -> Z, 1 catch _:X -> A, A end) end, g(case [X || X <- A, 1] of W -> try 1, X of {W, X} -> 1 catch _:X -> Y, Y, 1 end, ok; _ -> (fun(X) -> ok, Y end), ok, g(Z, ok) end, 1) end.
