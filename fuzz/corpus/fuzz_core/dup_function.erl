-module(dup_function).
-export([f/1]).
f(A) -> A.
g() -> 1.
f(A) -> A.
