-module(s133).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (fun(Z) -> g((X = begin ok, 1 end), (W = begin A, X, ok end)), case {if Z > 1 -> ok; true -> ok, 1, 1 end, {A, Z}} of X -> try try 1, W of {Y, X} -> W, A, A catch _:Z -> ok, W, 1 end of {W, Y} -> [Y || _ <- Y, ok] catch _:Y -> case ok of {Y, W} -> 1; _ -> A, 1, X end, Z end; _ -> if X > 1 -> begin ok, A end, 1, receive {X, Y} -> ok, 1 after X -> A end; true -> ok, Z end end, X end), A.
