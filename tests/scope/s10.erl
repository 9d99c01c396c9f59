-module(s10).
-export([f/1]).
g(_, _) -> ok.
f(A) -> X, {begin W end, ok}, receive W -> (catch begin if W > 1 -> A; true -> A end, try ok, Y of [Y | _] -> A catch _:X -> Z end end), case try [A || {X, Z} <- Y, ok], 1 of Z -> if W > 1 -> A, X; true -> ok, ok end, (W andalso 1) catch _:X -> W end of W -> (fun(Z) -> (fun(Y) -> A, W, 1 end), (X = ok), 1 end), W, begin {A, Z}, W end; _ -> case (fun(Z) -> ok, ok end) of Z -> {W, W}, [X || {Z, X} <- A, Y]; _ -> (Y = W), {W, Y}, receive Z -> Y, Z after Z -> X end end end after W -> {receive W -> (ok andalso Y), (fun(W) -> Z end) after X -> 1, (W = 1), {1, A} end, if W > 1 -> case 1 of {X, Z} -> Y, W, A; _ -> Z, Y end; true -> (W = 1), {X, Y} end}, ([(Y = X) || W <- A, (Y = ok)] andalso (W = {X, ok})), A end.
