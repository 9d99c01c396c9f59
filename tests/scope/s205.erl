-module(s205).
-export([f/1]).
g(_, _) -> ok.
f(A) -> case {g(X, try Y of {Z, Z} -> Z, A catch _:Z -> Z end), case ok of W -> (A andalso X); _ -> (fun(Y) -> X, 1 end), g(A, Z) end} of X -> 1; _ -> (fun(W) -> (Y andalso A) end), (fun(W) -> try [Y || {Y, W} <- X, A], case A of W -> ok; _ -> Y end, Z of {Z, Y} -> receive {Z, X} -> ok after X -> 1, X end, if Z > 1 -> W, A; true -> W, ok, 1 end, (W = 1) catch _:Z -> X end, A end) end, g(try g((W = W), A), case receive X -> W, W after Z -> 1 end of {Z, Z} -> try Z, X of _ -> A catch _:Z -> X, X end, Y, Z; _ -> begin 1, A end end of W -> {try 1, X of {Y, Z} -> A, A, X catch _:Y -> Y end, A}, g(receive [X | _] -> ok after Z -> 1, ok, ok end, {A, 1}) catch _:Z -> begin if Z > 1 -> Z, Y; true -> Y, X end end, (1 andalso Y) end, 1).
