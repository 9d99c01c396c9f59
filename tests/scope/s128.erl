-module(s128).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (fun(Y) -> A, Z end).
