-module(s245).
-export([f/1]).
g(_, _) -> ok.
f(A) -> 1.
