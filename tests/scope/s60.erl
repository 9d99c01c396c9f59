-module(s60).
-export([f/1]).
g(_, _) -> ok.
f(A) -> Z, {(X = if Y > 1 -> W, A; true -> Z, try X, Y of {X, Z} -> X, X catch _:W -> A, 1, X end, (A andalso A) end), (W = (Y = if Z > 1 -> Y, 1, 1; true -> X, A, ok end))}.
