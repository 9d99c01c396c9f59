-module(s6).
-export([f/1]).
g(_, _) -> ok.
f(A) -> {(X = 1), (catch try (A andalso ok), case ok of {Y, Z} -> ok; _ -> Z end, (catch A) of [Y | _] -> (catch ok) catch _:Y -> g(Y, ok) end)}, (catch X), g(case try begin A, Z end of Z -> if X > 1 -> Z; true -> ok, 1 end, begin 1, 1 end catch _:Y -> receive W -> A, X after X -> 1, X, ok end, (W andalso A), (X = ok) end of _ -> g(receive [X | _] -> ok after X -> ok, ok, 1 end, A); _ -> ok, (X = X) end, (X = g(try X, ok, 1 of {X, Y} -> Z, Y, W catch _:Z -> W end, [A || {Y, Y} <- Z, ok]))).
