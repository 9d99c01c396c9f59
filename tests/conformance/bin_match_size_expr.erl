-module(bin_match_size_expr).
-export([main/0]).
f(<<N:4, X:(N*2), Rest/bits>>) -> {N, X, Rest}.
g(<<N:8, Data:(N-1)/binary-unit:8, _/binary>>) -> Data.
main() -> {f(<<3:4, 63:6, 1:2>>), f(<<0:4, 1:4>>), g(<<4, "abcdef">>)}.
