-module(arith_bits).
-export([main/0]).
main() -> {5 band 3, 5 bor 3, 5 bxor 3, bnot 5, 1 bsl 10, 1024 bsr 3, -16 bsr 2}.
