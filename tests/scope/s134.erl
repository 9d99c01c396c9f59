-module(s134).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g(g(if X > 1 -> case W of {W, X} -> Z; _ -> 1, Z, 1 end, receive [X | _] -> X, 1 after Z -> Z, 1 end, receive X -> ok after Y -> A end; true -> (fun(W) -> ok end) end, (X andalso (fun(W) -> W end))), (catch g(W, case ok of W -> Z, ok, Z; _ -> A, A end))), [A || Z <- Z, begin if X > 1 -> try W, ok of X -> Z catch _:W -> 1, 1, A end, g(1, A); true -> begin X end, receive {Y, X} -> A, A, X after Z -> A, A, Z end, Z end, ok end].
