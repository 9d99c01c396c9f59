-module(s24).
-export([f/1]).
g(_, _) -> ok.
f(A) -> receive Y -> 1 after X -> g(case ok of {W, X} -> receive Z -> X, X after Y -> 1, Z, 1 end, begin A, Y, A end, [Z || Z <- 1, Y]; _ -> g(W, ok) end, receive {W, Y} -> (catch 1), (W = 1) after W -> (fun(Z) -> ok, Y, W end), X end), X end, Z, case A of _ -> {[begin X, ok, A end || X <- g(ok, A), {W, Y}], ok}, g((fun(Z) -> W end), 1); _ -> (case 1 of [W | _] -> (X = A), receive {Y, Y} -> A, 1 after W -> A, X end, (Y = W); _ -> receive X -> Z, 1, 1 after W -> 1, A end, (Z = A), g(A, A) end andalso {if Y > 1 -> W, ok; true -> W end, g(1, 1)}) end.
