-module(s135).
-export([f/1]).
g(_, _) -> ok.
f(A) -> begin ok, 1, (catch 1) end, 1, case Z of X -> if W > 1 -> 1, Z, {if Z > 1 -> X, Y; true -> 1, ok end, if Y > 1 -> ok, ok; true -> A end}; true -> begin X, (1 andalso W) end, W end; _ -> begin receive [Z | _] -> (catch 1), [1 || {W, Z} <- Y, A], try ok of Z -> A, Y catch _:W -> W, ok, ok end after Y -> X end, (fun(W) -> {ok, X}, (catch ok), ok end) end, (catch (X = Z)) end.
