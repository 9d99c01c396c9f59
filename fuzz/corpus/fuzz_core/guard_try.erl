-module(guard_try).
-export([f/1]).
f(A) when (try A catch _ -> true end) -> A.
