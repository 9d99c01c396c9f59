-module(bit_utf8_size).
-export([f/1]).
f(X) -> <<X:8/utf8>>.
