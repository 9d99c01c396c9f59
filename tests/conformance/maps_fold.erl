-module(maps_fold).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    M = #{a => 1, b => 2, c => 3},
    Big = maps:from_list([{I, I} || I <- lists:seq(1, 1000)]),
    [maps:fold(fun(K, V, A) -> [{K, V} | A] end, [], M),
     maps:fold(fun(_, V, A) -> V + A end, 0, Big),
     maps:fold(fun(K, _, A) -> [K | A] end, [], #{}),
     maps:fold(fun(K, V, A) -> [{K, V} | A] end, [], maps:iterator(M)),
     maps:fold(fun(K, _, A) -> [K | A] end, [], maps:iterator(maps:from_list([{I, I} || I <- lists:seq(1, 40)]))),
     t(fun() -> maps:fold(fun(_, _, A) -> A end, 0, x) end),
     t(fun() -> maps:fold(x, 0, M) end),
     t(fun() -> maps:fold(fun(_, _) -> 0 end, 0, M) end),
     t(fun() -> maps:fold(fun(_, _, _) -> 1 end, 0, [1 | x]) end),
     t(fun() -> maps:fold(fun(_, _, _) -> 1 end, 0, {a, b, c}) end),
     t(fun() -> maps:fold(fun(_, _, _) -> 1 end, 0, {a, b, none}) end),
     t(fun() -> maps:fold(fun(_, _, _) -> 1 end, 0, none) end),
     t(fun() -> maps:fold(fun(K, _, _) -> throw({stop, K}) end, 0, M) end),
     t(fun() -> maps:fold(fun(_, _, A) -> A + 1 end, 0, [0 | x]) end)].
