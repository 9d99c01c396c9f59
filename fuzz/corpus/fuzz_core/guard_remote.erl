-module(guard_remote).
-export([f/1]).
f(A) when lists:member(A, [1]) -> A.
