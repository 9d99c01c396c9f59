-module(ds_gbt_iter).
-export([main/0]).
main() ->
    T = gb_trees:from_orddict([{K, K * 10} || K <- lists:seq(2, 20, 2)]),
    I = gb_trees:iterator(T),
    {K1, V1, I1} = gb_trees:next(I),
    {K2, V2, I2} = gb_trees:next(I1),
    All = walk(gb_trees:iterator_from(7, T), []),
    [I, K1, V1, I1, K2, V2, I2, All,
     walk(gb_trees:iterator_from(0, T), []), walk(gb_trees:iterator_from(21, T), []),
     walk(gb_trees:iterator_from(20, T), []), gb_trees:iterator_from(9, T),
     gb_trees:next(gb_trees:iterator(gb_trees:empty())),
     gb_trees:map(fun(K, V) -> {K, V} end, T)].
walk(I, Acc) ->
    case gb_trees:next(I) of
        none -> lists:reverse(Acc);
        {K, V, I2} -> walk(I2, [{K, V} | Acc])
    end.
