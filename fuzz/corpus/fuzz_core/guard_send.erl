-module(guard_send).
-export([f/1]).
f(A) when A ! 1 -> A.
