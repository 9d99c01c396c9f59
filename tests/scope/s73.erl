-module(s73).
-export([f/1]).
g(_, _) -> ok.
f(A) -> ok, ok.
