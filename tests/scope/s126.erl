-module(s126).
-export([f/1]).
g(_, _) -> ok.
f(A) -> Y, {Y, (catch (fun(Y) -> [ok || {X, X} <- Y, Y], W end))}, g(begin X end, ok).
