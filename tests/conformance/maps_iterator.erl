-module(maps_iterator).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
all(I) -> all(maps:next(I), []).
all({K, V, I}, Acc) -> all(maps:next(I), [{K, V} | Acc]);
all(none, Acc) -> lists:reverse(Acc).
main() ->
    Small = #{c => 3, a => 1, b => 2},
    Big = maps:from_list([{I, -I} || I <- lists:seq(1, 300)]),
    Nested = maps:from_list([{{I, I * 2}, #{I => [I]}} || I <- lists:seq(1, 70)]),
    {K1, V1, I1} = maps:next(maps:iterator(Small)),
    [all(maps:iterator(Small)), all(maps:iterator(#{})), maps:next(maps:iterator(#{})),
     {K1, V1}, all(I1), all(I1),
     all(maps:iterator(Big)) =:= lists:reverse(maps:to_list(Big)),
     length(all(maps:iterator(Big))),
     all(maps:iterator(Nested)),
     maps:next(none), maps:next({x, y, none}),
     t(fun() -> maps:iterator(x) end), t(fun() -> maps:iterator([]) end),
     t(fun() -> maps:next(x) end), t(fun() -> maps:next([]) end),
     t(fun() -> maps:next([a | #{}]) end), t(fun() -> maps:next({a, b}) end),
     t(fun() -> maps:next([0 | x]) end)].
