-module(s182).
-export([f/1]).
g(_, _) -> ok.
f(A) -> try (catch A), (catch Y) of _ -> A, (Y = begin (fun(Y) -> ok, W end) end), receive Z -> Y, {try W of Y -> 1, X, A catch _:W -> A, X end, A} after Z -> Y, case (catch 1) of Z -> A; _ -> ok, A end, Y end catch _:X -> A, Y, A end, X.
