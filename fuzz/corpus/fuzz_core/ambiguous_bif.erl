-module(ambiguous_bif).
-export([f/1]).
length(X) -> X.
f(A) -> length(A).
