-module(s165).
-export([f/1]).
g(_, _) -> ok.
f(A) -> ok.
