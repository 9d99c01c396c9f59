-module(s202).
-export([f/1]).
g(_, _) -> ok.
f(A) -> [try (W = {Y, 1}), [g(1, W) || [Y | _] <- case X of Y -> ok; _ -> 1 end, 1], receive W -> receive W -> Z after Y -> A, Z, Z end, begin W, A, X end after Y -> ok, (fun(Y) -> ok, ok, A end), ok end of {Y, X} -> X, (g(A, Z) andalso ok), (ok andalso case 1 of {W, Y} -> 1; _ -> Y, Y end) catch _:Z -> W end || {Z, Z} <- Y, 1], X.
