-module(s174).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (W = try 1 of {X, Z} -> g({1, 1}, {X, W}), (fun(X) -> [A || {Y, Z} <- A, W] end), if Y > 1 -> ok, Y, [A || Z <- ok, X]; true -> ok end catch _:Y -> W, ok end).
