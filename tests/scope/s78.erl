-module(s78).
-export([f/1]).
g(_, _) -> ok.
f(A) -> Z.
