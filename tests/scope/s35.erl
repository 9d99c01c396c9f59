-module(s35).
-export([f/1]).
g(_, _) -> ok.
f(A) -> if Z > 1 -> A; true -> g(case (W andalso W) of Z -> ok; _ -> X, {ok, A} end, {(X = W), try A, Y of [X | _] -> X catch _:W -> A, W, 1 end}), (catch begin (ok andalso X) end) end, (fun(Y) -> X, (W = (if X > 1 -> A, Y; true -> ok, Y end andalso receive {Y, X} -> Z, 1, ok after Z -> A, ok end)) end), X.
