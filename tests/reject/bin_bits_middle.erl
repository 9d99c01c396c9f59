-module(bin_bits_middle).
-export([f/1]).
f(<<X/bits, Y:8>>) -> {X, Y}.
