-module(s185).
-export([f/1]).
g(_, _) -> ok.
f(A) -> ok.
