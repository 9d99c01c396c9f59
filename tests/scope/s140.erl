-module(s140).
-export([f/1]).
g(_, _) -> ok.
f(A) -> X.
