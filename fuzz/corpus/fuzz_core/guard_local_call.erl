-module(guard_local_call).
-export([f/1]).
f(A) when foo(A) -> A.
foo(_) -> true.
