-module(ds_gbt_mixed_keys).
-export([main/0]).
main() ->
    Keys = [b, 1, "str", {t}, 2.5, <<"bin">>, [x], -3, a, {a, b}, 1 bsl 70],
    T = lists:foldl(fun(K, A) -> gb_trees:insert(K, K, A) end, gb_trees:empty(), Keys),
    T1 = gb_trees:enter(1.0, float_one, T),
    T2 = gb_trees:update(2.5, changed, T1),
    [T, gb_trees:keys(T), T1, gb_trees:lookup(1, T1), gb_trees:get(1.0, T), T2,
     gb_trees:delete(1.0, T2), gb_trees:is_defined(-3.0, T), gb_trees:take(1.0, T),
     gb_trees:iterator_from(2, T)].
