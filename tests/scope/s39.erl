-module(s39).
-export([f/1]).
g(_, _) -> ok.
f(A) -> Y.
