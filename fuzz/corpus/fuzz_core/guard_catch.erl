-module(guard_catch).
-export([f/1]).
f(A) when (catch A) -> A.
