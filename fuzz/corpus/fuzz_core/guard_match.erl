-module(guard_match).
-export([f/1]).
f(A) when (B = A) -> B.
