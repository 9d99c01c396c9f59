-module(bit_type_undef).
-export([f/1]).
f(X) -> <<X/foo>>.
