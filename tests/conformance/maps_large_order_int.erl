-module(maps_large_order_int).
-export([main/0]).
main() ->
    M = maps:from_list([{I, I * 3} || I <- lists:seq(1, 200)]),
    It = maps:iterator(M),
    {K1, V1, It2} = maps:next(It),
    {K2, V2, _} = maps:next(It2),
    [maps:to_list(M), maps:keys(M), maps:values(M),
     maps:fold(fun(K, V, A) -> [{K, V} | A] end, [], M),
     {K1, V1, K2, V2},
     walk(maps:next(maps:iterator(M)), [])].
walk({K, V, I}, Acc) -> walk(maps:next(I), [K + V | Acc]);
walk(none, Acc) -> Acc.
