-module(s186).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (case case try W, W of _ -> 1, A, A catch _:X -> X, ok, A end of Y -> [ok || Y <- W, A], (ok andalso 1); _ -> {X, Y}, begin A, Y, Z end end of W -> [ok || {W, W} <- g(ok, ok), (X = X)], (catch case X of Z -> ok, 1, 1; _ -> Z end); _ -> receive [W | _] -> Z after Y -> ok, Y, Y end end andalso Y), (catch try (fun(Z) -> 1, if X > 1 -> 1, W; true -> Z end end), begin try ok, Z of W -> Y catch _:X -> ok, 1 end end, W of Y -> receive X -> g(1, X), ok after Y -> receive {Y, Y} -> X after Y -> 1, A end end catch _:Z -> W, (fun(Z) -> Y, Y, (X = Z) end) end).
