-module(s14).
-export([f/1]).
g(_, _) -> ok.
f(A) -> begin (catch (catch begin W, 1 end)), begin if Z > 1 -> A; true -> ok, {A, Z} end, {try 1, X of X -> A catch _:X -> ok, ok end, case ok of [W | _] -> A; _ -> W, 1 end}, (W andalso (Y = A)) end, (fun(Z) -> Y end) end.
