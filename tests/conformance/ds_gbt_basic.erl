-module(ds_gbt_basic).
-export([main/0]).
main() ->
    T0 = gb_trees:empty(),
    T1 = gb_trees:insert(b, 2, T0),
    T2 = gb_trees:insert(a, 1, T1),
    T3 = gb_trees:insert(c, 3, T2),
    T4 = gb_trees:enter(d, 4, T3),
    T5 = gb_trees:enter(a, 10, T4),
    T6 = gb_trees:update(c, 30, T5),
    [T0, T1, T2, T3, T4, T5, T6,
     gb_trees:is_empty(T0), gb_trees:is_empty(T1), gb_trees:size(T6),
     gb_trees:lookup(a, T6), gb_trees:lookup(z, T6), gb_trees:get(d, T6),
     gb_trees:is_defined(c, T6), gb_trees:is_defined(e, T6),
     gb_trees:keys(T6), gb_trees:values(T6), gb_trees:to_list(T6),
     gb_trees:smallest(T6), gb_trees:largest(T6),
     gb_trees:lookup(1.0, gb_trees:insert(1, one, T0))].
