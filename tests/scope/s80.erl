-module(s80).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g([((W = W) andalso ok) || {Y, Y} <- receive Y -> X, g(1, ok) after X -> (W andalso W) end, (W = X)], ok), ((fun(W) -> [ok || {X, X} <- [A || _ <- A, ok], case ok of Y -> Z, A, Z; _ -> Y end] end) andalso (catch (W = X))).
