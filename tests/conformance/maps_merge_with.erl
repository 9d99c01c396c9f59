-module(maps_merge_with).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    A = #{a => 1, b => 2, c => 3},
    B = #{b => 20, c => 30, d => 40},
    F = fun(K, V1, V2) -> {K, V1, V2} end,
    Big = maps:from_list([{I, I} || I <- lists:seq(1, 50)]),
    [maps:merge_with(F, A, B), maps:merge_with(F, B, A), maps:merge_with(F, #{}, A),
     maps:merge_with(F, A, #{b => x}), maps:merge_with(F, #{b => x}, A),
     maps:merge_with(fun(_, X, Y) -> X + Y end, Big, #{1 => 100, 60 => 60}),
     maps:merge_with(fun(_, X, Y) -> X - Y end, #{1 => 100, 60 => 60}, Big),
     t(fun() -> maps:merge_with(F, x, A) end), t(fun() -> maps:merge_with(F, A, y) end),
     t(fun() -> maps:merge_with(x, A, B) end), t(fun() -> maps:merge_with(x, x, B) end),
     t(fun() -> maps:merge_with(fun(_, _) -> 1 end, A, B) end),
     t(fun() -> maps:merge_with(fun(K, _, _) -> throw(K) end, A, B) end)].
