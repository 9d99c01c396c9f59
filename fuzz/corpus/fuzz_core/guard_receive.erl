-module(guard_receive).
-export([f/1]).
f(A) when (receive X -> X end) -> A.
