-module(s42).
-export([f/1]).
g(_, _) -> ok.
f(A) -> Y, A, (X = A).
