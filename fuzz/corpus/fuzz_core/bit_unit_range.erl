-module(bit_unit_range).
-export([f/1]).
f(X) -> <<X/unit:300>>.
