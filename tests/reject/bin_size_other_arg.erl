-module(bin_size_other_arg).
-export([f/2]).
f(N, <<X:N>>) -> X.
