-module(guard_case).
-export([f/1]).
f(A) when (case A of _ -> true end) -> A.
