-module(s1).
-export([f/1]).
g(_, _) -> ok.
f(A) -> case ok of {Y, X} -> A, (W = 1); _ -> W end.
