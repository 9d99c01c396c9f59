-module(s59).
-export([f/1]).
g(_, _) -> ok.
f(A) -> X.
