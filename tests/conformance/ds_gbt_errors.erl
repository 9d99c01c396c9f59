-module(ds_gbt_errors).
-export([main/0]).
t(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.
main() ->
    T = gb_trees:from_orddict([{a, 1}, {b, 2}]),
    [t(fun() -> gb_trees:insert(a, 9, T) end),
     t(fun() -> gb_trees:get(z, T) end),
     t(fun() -> gb_trees:update(z, 1, T) end),
     t(fun() -> gb_trees:smallest(gb_trees:empty()) end),
     t(fun() -> gb_trees:largest(gb_trees:empty()) end),
     t(fun() -> gb_trees:take_smallest(gb_trees:empty()) end),
     t(fun() -> gb_trees:take_largest(gb_trees:empty()) end),
     t(fun() -> gb_trees:size(notatree) end),
     t(fun() -> gb_trees:size({-1, nil}) end),
     t(fun() -> gb_trees:insert(a, 1, {x, nil}) end),
     t(fun() -> gb_trees:lookup(a, foo) end),
     t(fun() -> gb_trees:map(notfun, T) end),
     t(fun() -> gb_trees:map(fun(X) -> X end, T) end),
     t(fun() -> gb_trees:from_orddict(notalist) end),
     t(fun() -> gb_trees:from_orddict([a, b]) end),
     t(fun() -> gb_trees:balance({a, nil}) end),
     t(fun() -> gb_trees:next(foo) end),
     t(fun() -> gb_trees:to_list(foo) end),
     t(fun() -> gb_trees:keys({0, foo}) end),
     t(fun() -> gb_trees:is_empty(foo) end)].
