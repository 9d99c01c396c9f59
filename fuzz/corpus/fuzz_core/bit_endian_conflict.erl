-module(bit_endian_conflict).
-export([f/1]).
f(X) -> <<X/little-big>>.
