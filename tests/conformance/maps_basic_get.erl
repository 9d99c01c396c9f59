-module(maps_basic_get).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    M = #{a => 1, "b" => 2, {c} => 3, 4 => four, 4.0 => float_four},
    [maps:get(a, M), maps:get("b", M), maps:get({c}, M), maps:get(4, M), maps:get(4.0, M),
     t(fun() -> maps:get(x, M) end), t(fun() -> maps:get(a, not_a_map) end),
     t(fun() -> maps:get(a, [1]) end),
     maps:get(x, M, default), maps:get(a, M, default), t(fun() -> maps:get(a, 7, d) end),
     maps:get(4, #{}, none)].
