-module(s121).
-export([f/1]).
g(_, _) -> ok.
f(A) -> A.
