-module(pp_bignum_list).
-export([main/0]).
main() -> [1 bsl N || N <- [60, 64, 100, 128, 200]].
