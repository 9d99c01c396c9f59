-module(guard_fun).
-export([f/1]).
f(A) when A > (fun() -> 1 end) -> A.
