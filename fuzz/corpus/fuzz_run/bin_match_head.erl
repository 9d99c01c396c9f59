-module(bin_match_head).
-export([main/0]).
decode(<<1, X:16>>) -> {one, X};
decode(<<2, X:32/little>>) -> {two, X};
decode(<<3, X:8/signed>>) -> {three, X};
decode(<<_, Rest/binary>>) -> {other, Rest};
decode(<<>>) -> empty.
main() -> [decode(B) || B <- [<<1,2,3>>, <<2,1,0,0,0>>, <<3,255>>, <<9,8,7>>, <<>>, <<1,2>>]].
