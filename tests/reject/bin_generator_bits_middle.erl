-module(bin_generator_bits_middle).
-export([f/1]).
f(B) -> [X || <<X/bits, _:8>> <= B].
