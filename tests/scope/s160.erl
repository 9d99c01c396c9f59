-module(s160).
-export([f/1]).
g(_, _) -> ok.
f(A) -> [A || [Y | _] <- {X, A}, (catch (catch begin ok end))].
