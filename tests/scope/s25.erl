-module(s25).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (Y = (catch (Z = A))), receive {Y, Z} -> (case begin 1, Y, X end of {X, Y} -> {ok, Z}, ok; _ -> try X, Y of Y -> 1, ok catch _:W -> ok, A end end andalso 1) after X -> if X > 1 -> if Z > 1 -> Z; true -> receive Y -> Y, Z, Y after X -> A, 1, ok end, 1 end, ok; true -> A end end.
