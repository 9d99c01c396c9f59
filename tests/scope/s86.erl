-module(s86).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (fun(X) -> g(g(case ok of Y -> 1; _ -> ok end, ok), [try 1, ok, Z of {W, W} -> X, W catch _:X -> ok, Z, W end || {W, Y} <- (Z = 1), (catch 1)]) end).
