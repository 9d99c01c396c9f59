-module(s248).
-export([f/1]).
g(_, _) -> ok.
f(A) -> {g(case receive {W, Z} -> 1 after W -> Y, 1, W end of W -> W, Z; _ -> begin Y, Y end, A, Y end, receive {W, Z} -> (Y = W) after W -> A, (Z = 1) end), case g((fun(X) -> W, Z end), 1) of W -> (X = (W = ok)); _ -> ([Z || {X, Z} <- X, 1] andalso try ok, Z, 1 of {W, X} -> 1, W catch _:W -> W, Z end), 1 end}, 1.
