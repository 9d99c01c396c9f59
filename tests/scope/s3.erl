-module(s3).
-export([f/1]).
g(_, _) -> ok.
f(A) -> if Z > 1 -> receive X -> ok, (begin Y end andalso case X of [Z | _] -> ok, 1; _ -> 1 end) after W -> [[1 || {X, Z} <- A, A] || X <- 1, [ok || _ <- ok, A]], X, ok end, Z, (fun(Z) -> [(ok andalso ok) || [Z | _] <- (W = ok), begin 1 end], (fun(Z) -> receive X -> A, Z after Z -> ok, 1 end, begin Y, Z end, if X > 1 -> 1, A; true -> 1 end end) end); true -> ok, 1, (catch [Y || W <- g(A, A), case A of [W | _] -> X, A, 1; _ -> 1 end]) end.
