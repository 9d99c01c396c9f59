-module(s90).
-export([f/1]).
g(_, _) -> ok.
f(A) -> {receive Z -> (catch Z), if X > 1 -> [A || _ <- X, Y], case Y of [X | _] -> 1, Z, 1; _ -> A, 1, A end, begin ok, Y end; true -> begin 1 end, (fun(X) -> X, W end), ok end after Z -> (X = [X || {X, Z} <- ok, W]), (W = [ok || Y <- 1, ok]), [(1 andalso X) || Z <- A, {ok, Z}] end, ok}.
