-module(s130).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g({(Z = 1), (g(Y, Z) andalso {ok, W})}, (begin g(X, ok) end andalso W)), (if Z > 1 -> ok; true -> try A of _ -> receive [X | _] -> 1, 1 after X -> ok, W end, (fun(Y) -> Y, A end), 1 catch _:W -> begin X, ok end end, {receive [W | _] -> Y, A after Y -> X, 1, 1 end, {1, ok}} end andalso (X = if Y > 1 -> (1 andalso Y); true -> (catch 1), begin 1, Z, A end end)), 1.
