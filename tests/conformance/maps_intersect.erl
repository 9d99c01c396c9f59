-module(maps_intersect).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    A = #{a => 1, b => 2, c => 3},
    B = #{b => 20, c => 30, d => 40, e => 50},
    F = fun(K, V1, V2) -> {K, V1, V2} end,
    Big = maps:from_list([{I, I} || I <- lists:seq(1, 60)]),
    [maps:intersect(A, B), maps:intersect(B, A), maps:intersect(A, #{}), maps:intersect(#{}, A),
     maps:intersect(#{1 => a}, #{1.0 => b}),
     maps:intersect_with(F, A, B), maps:intersect_with(F, B, A),
     maps:intersect(Big, #{5 => x, 70 => y}), maps:intersect(#{5 => x, 70 => y}, Big),
     maps:intersect_with(fun(_, X, Y) -> X + Y end, Big, maps:from_list([{I, 1} || I <- lists:seq(50, 100)])),
     t(fun() -> maps:intersect(x, A) end), t(fun() -> maps:intersect(A, y) end),
     t(fun() -> maps:intersect(x, y) end),
     t(fun() -> maps:intersect_with(F, x, A) end), t(fun() -> maps:intersect_with(F, A, y) end),
     t(fun() -> maps:intersect_with(x, A, B) end), t(fun() -> maps:intersect_with(x, x, y) end),
     t(fun() -> maps:intersect_with(fun(K, _, _) -> throw(K) end, A, B) end)].
