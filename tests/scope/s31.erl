-module(s31).
-export([f/1]).
g(_, _) -> ok.
f(A) -> [X || {Y, Y} <- (X = W), case Z of W -> try [X || Y <- W, Y] of _ -> (fun(Y) -> 1, Z end), case A of {Z, X} -> ok; _ -> ok, ok end, (Z andalso Z) catch _:Y -> A, receive X -> 1, Z after X -> W end end, if X > 1 -> (Y = A), g(A, ok), (fun(X) -> ok, Y, Y end); true -> try 1, ok of {Z, Z} -> ok, W, 1 catch _:Z -> A end, {ok, 1} end; _ -> (Z = (catch ok)), try begin X, ok, ok end of Y -> [Y || [W | _] <- Z, Z], [1 || _ <- A, ok], {Z, 1} catch _:X -> (fun(W) -> X end), [A || [W | _] <- ok, Y], {ok, ok} end end].
