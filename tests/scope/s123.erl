-module(s123).
-export([f/1]).
g(_, _) -> ok.
f(A) -> W.
