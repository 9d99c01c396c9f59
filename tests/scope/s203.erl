-module(s203).
-export([f/1]).
g(_, _) -> ok.
f(A) -> W.
