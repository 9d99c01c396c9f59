-module(s74).
-export([f/1]).
g(_, _) -> ok.
f(A) -> case (catch Y) of W -> {A, W}, [Z || {Y, Y} <- g(Z, A), [ok || W <- try ok of Y -> A catch _:Z -> 1, A, Y end, g(Y, A)]], 1; _ -> Y, {(receive Y -> A, Y, ok after Z -> ok end andalso 1), Y} end, try [if X > 1 -> case A of Z -> Z, A; _ -> X end; true -> ok, {ok, ok} end || _ <- 1, {W, {Y, X}}] of [Z | _] -> A catch _:X -> [((Z = A) andalso X) || [Z | _] <- try W of _ -> try ok, W of Y -> 1 catch _:Y -> 1, A, 1 end, A catch _:X -> W end, 1], [({A, ok} andalso {1, W}) || _ <- Y, 1], receive X -> 1, g(A, Z) after W -> g(Y, (ok andalso 1)) end end, ok.
