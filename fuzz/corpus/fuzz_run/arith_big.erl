-module(arith_big).
-export([main/0]).
main() -> {fact(25), 1 bsl 70, (1 bsl 64) - 1, -(1 bsl 62) * 4, fact(20) div fact(18)}.
fact(0) -> 1;
fact(N) -> N * fact(N - 1).
