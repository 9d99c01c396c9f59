-module(bignum_compare).
-export([main/0]).
main() -> A = 1 bsl 80, [A > 1, A < 1.0e30, A == A + 0, -A < 0, A =:= (1 bsl 80)].
