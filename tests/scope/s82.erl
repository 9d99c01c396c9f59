-module(s82).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (1 andalso ok).
