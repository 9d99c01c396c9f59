-module(s17).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (catch (catch Z)), A, begin [Y || Y <- case begin A end of W -> (W = X), (fun(X) -> A, X end), try 1, 1, Z of Z -> Z catch _:Y -> A, ok end; _ -> receive [Y | _] -> X after X -> Z, 1, W end, (A andalso Y), {A, ok} end, try try 1, A of Y -> A catch _:X -> A, ok, ok end, Z of [W | _] -> try X of Z -> ok, ok, A catch _:X -> 1 end, (W andalso Z) catch _:Z -> (fun(Y) -> ok, ok, 1 end), Y end], ((if Y > 1 -> 1; true -> Y, A end andalso (ok andalso Y)) andalso (fun(W) -> (1 andalso 1) end)), 1 end.
