-module(s97).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (fun(X) -> 1, case {(fun(Y) -> Y, Y end), if X > 1 -> Z; true -> Y, 1 end} of Y -> ok; _ -> (g(W, A) andalso (ok andalso Y)) end, (fun(Z) -> try (fun(Z) -> ok end) of X -> {A, A}, Y, if W > 1 -> W, X, W; true -> Y, Z end catch _:Z -> Z, Z, W end, (catch Z) end) end).
