-module(s29).
-export([f/1]).
g(_, _) -> ok.
f(A) -> A, [(X = begin case W of Y -> A; _ -> ok, 1, A end end) || [X | _] <- (fun(Y) -> A, [[Z || {X, X} <- ok, X] || _ <- (X = Y), (fun(Y) -> ok end)] end), X], begin try (Z andalso g(ok, ok)) of Y -> case [ok || Y <- A, ok] of [W | _] -> {Y, A}; _ -> (catch 1), Y, 1 end, Y catch _:W -> (catch ok) end, try 1, Y, 1 of _ -> begin g(1, Z), g(W, W), [Y || Z <- 1, Y] end, 1 catch _:X -> W, A, case A of [Y | _] -> begin W, Y end; _ -> [W || _ <- Z, Z], case Z of {Y, W} -> Z, 1, ok; _ -> A end, (Y = W) end end end.
