-module(ds_gbt_delete).
-export([main/0]).
main() ->
    T = gb_trees:from_orddict([{K, K} || K <- lists:seq(1, 15)]),
    D1 = gb_trees:delete(8, T),
    D2 = gb_trees:delete(1, D1),
    D3 = gb_trees:delete_any(100, D2),
    {V, D4} = gb_trees:take(4, D3),
    [T, D1, D2, D3 =:= D2, V, D4, gb_trees:take_any(4, D4), gb_trees:take_any(5, D4),
     gb_trees:take_smallest(D4), gb_trees:take_largest(D4),
     t(fun() -> gb_trees:delete(100, D4) end),
     t(fun() -> gb_trees:take(100, D4) end),
     gb_trees:delete(1.0, gb_trees:from_orddict([{1, a}]))].
t(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.
