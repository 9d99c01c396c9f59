-module(bin_size_unbound).
-export([f/1]).
f(<<X:N>>) -> X.
