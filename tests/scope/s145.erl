-module(s145).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (W = A), case A of W -> (catch Y); _ -> if X > 1 -> (W = [1 || X <- W, ok]), try A of {Z, X} -> if W > 1 -> ok; true -> X end, try A, Z of X -> ok, A catch _:Y -> W end, (fun(X) -> 1, ok end) catch _:X -> begin Y, Y, Y end, (fun(Z) -> X, ok, A end) end, case ok of {X, X} -> (Y = 1), ok; _ -> Z end; true -> case receive {Y, W} -> ok after Y -> A, 1, 1 end of X -> (fun(Z) -> W end); _ -> X, g(X, X), [1 || [Z | _] <- A, Y] end, case if Z > 1 -> X, ok; true -> ok end of W -> begin 1 end, begin 1 end; _ -> receive W -> X, Z, ok after X -> Y end, (fun(Y) -> A end), ok end, (fun(W) -> 1, (catch W), A end) end, 1, case (X = X) of {Z, W} -> 1; _ -> begin [A || Y <- Z, X], (catch A) end end end.
