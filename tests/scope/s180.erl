-module(s180).
-export([f/1]).
g(_, _) -> ok.
f(A) -> X.
