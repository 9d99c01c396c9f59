-module(ds_gbt_big_walk).
-export([main/0]).
main() ->
    T = gb_trees:from_orddict([{K, K * K} || K <- lists:seq(1, 1000)]),
    Walked = walk(gb_trees:iterator(T), 0),
    From = walk(gb_trees:iterator_from(500, T), 0),
    M = gb_trees:map(fun(K, V) -> K + V end, T),
    {Ks, _} = lists:split(10, gb_trees:keys(T)),
    [Walked, From, lists:sum(gb_trees:values(M)), Ks, erlang:phash2(T), gb_trees:size(T),
     erlang:phash2(drain(T, [])), gb_trees:smallest(T), gb_trees:largest(T)].
walk(I, Acc) ->
    case gb_trees:next(I) of
        none -> Acc;
        {K, V, I2} -> walk(I2, Acc + K + V)
    end.
drain(T, Acc) ->
    case gb_trees:is_empty(T) of
        true -> Acc;
        false ->
            {K, _, T1} = gb_trees:take_largest(T),
            case gb_trees:is_empty(T1) of
                true -> [K | Acc];
                false -> {K2, _, T2} = gb_trees:take_smallest(T1), drain(T2, [K, K2 | Acc])
            end
    end.
