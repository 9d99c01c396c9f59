-module(s242).
-export([f/1]).
g(_, _) -> ok.
f(A) -> W, A.
