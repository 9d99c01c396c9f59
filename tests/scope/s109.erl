-module(s109).
-export([f/1]).
g(_, _) -> ok.
f(A) -> W, A.
