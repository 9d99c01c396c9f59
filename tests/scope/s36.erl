-module(s36).
-export([f/1]).
g(_, _) -> ok.
f(A) -> X, 1.
