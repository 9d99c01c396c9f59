-module(s222).
-export([f/1]).
g(_, _) -> ok.
f(A) -> Z.
