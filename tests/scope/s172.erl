-module(s172).
-export([f/1]).
g(_, _) -> ok.
f(A) -> Z, {try (W = receive [W | _] -> A after W -> ok, A end), {(catch ok), [ok || Y <- W, Z]}, try A of Y -> (catch X), begin Z, W, Z end catch _:Y -> g(Y, A) end of Z -> (W = 1), (case Y of _ -> ok; _ -> ok, 1, A end andalso (catch Y)), receive Y -> {A, ok}, ok, (fun(W) -> X, ok, 1 end) after Z -> try 1 of Y -> 1, ok catch _:X -> 1, A, 1 end, X, g(X, A) end catch _:Y -> begin (ok andalso 1), case W of W -> 1, ok, 1; _ -> Z end end, ok end, begin Z, (catch ok) end}.
