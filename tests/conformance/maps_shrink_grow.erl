-module(maps_shrink_grow).
-export([main/0]).
%% Crossing the 32-key boundary in both directions (flat <-> HAMT).
main() ->
    M32 = maps:from_list([{I, I} || I <- lists:seq(1, 32)]),
    M33 = maps:put(33, 33, M32),
    Back = maps:remove(33, M33),
    M40 = maps:from_list([{I, I} || I <- lists:seq(1, 40)]),
    Down = lists:foldl(fun(K, A) -> maps:remove(K, A) end, M40, lists:seq(33, 40)),
    {V, Took} = maps:take(5, M33),
    [maps:to_list(M33), maps:keys(Back), Back =:= M32, maps:to_list(Down), Down =:= M32,
     V, maps:keys(Took), maps:size(Took),
     maps:to_list(maps:without(lists:seq(10, 20), M40)),
     maps:to_list(maps:merge(M32, #{33 => x})),
     maps:to_list(maps:with(lists:seq(1, 33), M40))].
