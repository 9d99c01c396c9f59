-module(mm_deep_lib).
-export([up/1, sq/1, odd/1]).

up(0) -> 0;
up(N) -> 1 + mm_deep:up(N - 1).
sq(X) -> X * X.
odd(X) -> X rem 2 =:= 1.
