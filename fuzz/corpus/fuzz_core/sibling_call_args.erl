-module(sibling_call_args).
-export([f/1]).
f(A) -> g(X = 1, X), A.
g(_, _) -> ok.
