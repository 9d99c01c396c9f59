-module(maps_map_filter).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    M = #{a => 1, b => 2, c => 3, d => 4},
    Big = maps:from_list([{I, I} || I <- lists:seq(1, 100)]),
    [maps:map(fun(_, V) -> V * 10 end, M), maps:map(fun(K, V) -> {K, V} end, #{}),
     maps:filter(fun(_, V) -> V rem 2 =:= 0 end, M),
     maps:filter(fun(K, _) -> K > 90 end, Big),
     maps:map(fun(K, V) -> K + V end, maps:iterator(Big)) =:= maps:map(fun(K, V) -> K + V end, Big),
     maps:filtermap(fun(_, 1) -> true; (_, 2) -> {true, two}; (_, _) -> false end, M),
     maps:filter(fun(_, V) -> V > 2 end, maps:iterator(M)),
     maps:filtermap(fun(K, V) -> K > 95 andalso {true, V * 2} end, Big),
     maps:size(maps:map(fun(_, V) -> V + 1 end, Big)),
     t(fun() -> maps:map(fun(_, V) -> V end, x) end), t(fun() -> maps:map(x, M) end),
     t(fun() -> maps:filter(fun(_, _) -> true end, x) end), t(fun() -> maps:filter(x, M) end),
     t(fun() -> maps:filter(fun(_, _) -> maybe end, M) end),
     t(fun() -> maps:filtermap(fun(_, _) -> maybe end, M) end),
     t(fun() -> maps:filtermap(fun(_, _) -> true end, 3) end), t(fun() -> maps:filtermap(3, M) end),
     t(fun() -> maps:map(fun(K) -> K end, M) end),
     t(fun() -> maps:map(fun(a, _) -> error(boom); (_, V) -> V end, M) end)].
