-module(s214).
-export([f/1]).
g(_, _) -> ok.
f(A) -> [ok || Y <- try (catch receive [X | _] -> 1 after Z -> W end) of {Y, W} -> (X = begin A, X, ok end), begin g(Z, Y) end, begin (fun(Z) -> W, 1 end), receive X -> A, ok, W after W -> ok, Z end, X end catch _:W -> (try Y, 1, 1 of _ -> 1, 1, ok catch _:Z -> 1, 1, Y end andalso [1 || W <- ok, 1]), g(try A, A of Z -> ok catch _:X -> Z, Z end, (Y andalso 1)) end, receive _ -> g(X, X), (case ok of [W | _] -> 1, Y; _ -> 1, ok, X end andalso (X = A)) after X -> begin begin X, A end, [W || W <- Y, A] end, Z, [W || [W | _] <- A, {X, X}] end], Z, W.
