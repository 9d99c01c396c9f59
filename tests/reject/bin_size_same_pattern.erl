-module(bin_size_same_pattern).
-export([f/1]).
f(T) -> case T of {N, <<X:N, _/bits>>} -> X end.
