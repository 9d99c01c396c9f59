-module(guard_unbound).
-export([f/1]).
f(A) when B > 1 -> A.
