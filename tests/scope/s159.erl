-module(s159).
-export([f/1]).
g(_, _) -> ok.
f(A) -> A, receive W -> (catch try (catch Z), ok of X -> if Z > 1 -> A, A; true -> A end catch _:Y -> g(Z, ok), receive W -> ok, A, Z after X -> X, X, ok end, Y end), g(g(receive Y -> ok after X -> 1 end, Y), 1) after W -> g({A, ok}, g((W = Z), if Z > 1 -> 1; true -> A, A end)) end.
