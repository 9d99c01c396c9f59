-module(s184).
-export([f/1]).
g(_, _) -> ok.
f(A) -> 1, g(try (Y = (fun(Y) -> Z, X end)), [case 1 of [W | _] -> Y, X, ok; _ -> Z, ok, A end || Z <- (X = 1), receive [Z | _] -> A after W -> ok end] of Y -> if Z > 1 -> case ok of Y -> ok, ok; _ -> 1 end, ok, try A, A, A of _ -> X catch _:Y -> X, ok end; true -> ok, Y, A end catch _:Z -> [ok || Z <- (W = Z), if X > 1 -> 1, 1, 1; true -> ok end], (Y = (W andalso ok)) end, [ok || W <- A, receive X -> begin Y end, X, A after X -> (X = A) end]).
