-module(s33).
-export([f/1]).
g(_, _) -> ok.
f(A) -> ok, (if Z > 1 -> {ok, {1, Y}}, (catch case Z of {Z, X} -> ok, 1; _ -> X, Z, Y end), [{ok, ok} || _ <- begin Z end, g(A, 1)]; true -> [W || _ <- (fun(Y) -> A end), ok], (fun(Z) -> (X = A), Y, X end) end andalso ((Y = case Y of _ -> 1, W, ok; _ -> 1, ok end) andalso Y)), A.
