-module(bin_no_size_middle).
-export([f/1]).
f(<<X/binary, Y/binary>>) -> {X, Y}.
