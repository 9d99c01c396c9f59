-module(bin_tail_bits).
-export([main/0]).
f(<<X:3, R/bits>>) -> {X, R, bit_size(R)}.
main() -> [f(B) || B <- [<<255>>, <<1:3>>, <<1:5>>, <<"ab">>]].
