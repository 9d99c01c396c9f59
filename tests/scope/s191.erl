-module(s191).
-export([f/1]).
g(_, _) -> ok.
f(A) -> ([g(receive X -> W, Y after Z -> Z end, g(A, ok)) || W <- (fun(X) -> W end), (fun(Y) -> 1 end)] andalso [receive X -> (A andalso ok) after Z -> (catch A) end || Z <- [(fun(Z) -> 1, 1, 1 end) || [X | _] <- if X > 1 -> X, Y; true -> ok, ok end, Y], (A andalso (fun(Y) -> A, 1 end))]), 1, ((catch try (catch A), case ok of X -> 1, 1; _ -> Z, A, X end of _ -> (Z = A), ok, (W = W) catch _:Y -> Y end) andalso {ok, A}).
