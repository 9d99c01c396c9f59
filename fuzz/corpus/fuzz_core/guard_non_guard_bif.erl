-module(guard_non_guard_bif).
-export([f/1]).
f(A) when setelement(1, A, x) =:= A -> A.
