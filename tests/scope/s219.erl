-module(s219).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (ok andalso {1, if Y > 1 -> A; true -> g(1, X) end}), ((X = Z) andalso 1), begin if Z > 1 -> [(X = X) || {Y, Y} <- case A of Y -> ok, Y; _ -> Z, ok, X end, receive {Z, Y} -> A, Z after X -> A end]; true -> 1, try 1 of Y -> ok catch _:Z -> {1, X}, (catch ok), try ok, ok of X -> ok, 1 catch _:Z -> Z end end, X end, ok, A end.
