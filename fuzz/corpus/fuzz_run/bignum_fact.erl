-module(bignum_fact).
-export([main/0]).
main() -> f(50).
f(0) -> 1;
f(N) -> N * f(N - 1).
