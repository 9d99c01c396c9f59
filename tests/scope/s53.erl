-module(s53).
-export([f/1]).
g(_, _) -> ok.
f(A) -> try {({1, X} andalso W), A}, (fun(W) -> if X > 1 -> [Y || W <- Y, ok], (ok andalso A), (fun(Y) -> Z, ok end); true -> case ok of {Z, Y} -> ok; _ -> Z end end end) of _ -> (fun(W) -> (Y = case 1 of Z -> Y, Z, W; _ -> W, A, 1 end) end), (Z = ok) catch _:X -> (W = g(begin A, A end, [A || {X, W} <- A, Y])), try (W = 1), g({A, 1}, {1, 1}), [X || {Z, X} <- (catch Y), A] of Z -> if X > 1 -> case 1 of {X, X} -> ok; _ -> ok, A end; true -> ok end, (fun(Y) -> g(W, 1) end), try Y, [Y || {Y, Z} <- 1, X] of Z -> X, receive [Z | _] -> 1, 1 after W -> Z end, begin A end catch _:Y -> [ok || [Y | _] <- ok, 1] end catch _:W -> if Y > 1 -> {ok, ok}, {ok, Z}, g(ok, X); true -> (W andalso A), begin 1, A end end end, Y end, (catch begin A end), Y.
