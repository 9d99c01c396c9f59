-module(s243).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (W = if Z > 1 -> A; true -> (fun(X) -> begin Y, W end end), Y, if X > 1 -> ok; true -> (catch Z), Y end end), 1, {(catch (fun(Z) -> (fun(Y) -> W, ok end), 1 end)), (fun(X) -> (Z = {ok, 1}) end)}.
