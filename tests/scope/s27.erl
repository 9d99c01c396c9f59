-module(s27).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (catch try 1 of [W | _] -> Y catch _:X -> [begin 1, A end || W <- g(X, A), if X > 1 -> Z, 1; true -> ok end], (Y andalso {Z, 1}), g((catch A), ok) end), begin Z end, A.
