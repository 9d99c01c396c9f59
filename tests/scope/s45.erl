-module(s45).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (catch Z), case X of [X | _] -> ok; _ -> if X > 1 -> 1; true -> (Z = [ok || [Y | _] <- ok, Z]) end end.
