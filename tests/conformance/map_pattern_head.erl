-module(map_pattern_head).
-export([main/0]).
%% Map patterns in function heads: subset matching, clause order.
id(X) -> X.
kind(#{type := circle, r := R}) -> {circle, R};
kind(#{type := square, side := S}) -> {square, S};
kind(#{type := T}) -> {other, T};
kind(#{}) -> untyped;
kind(_) -> not_a_map.
main() ->
    [kind(id(#{type => circle, r => 2, colour => red})), kind(id(#{type => square, side => 3})),
     kind(id(#{type => square})), kind(id(#{})), kind(id(#{r => 1})), kind(id([])), kind(id(#{type => 1.0}))].
