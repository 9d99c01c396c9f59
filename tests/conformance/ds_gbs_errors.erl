-module(ds_gbs_errors).
-export([main/0]).
t(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.
main() ->
    S = gb_sets:from_list([a, b]),
    [t(fun() -> gb_sets:insert(a, S) end),
     t(fun() -> gb_sets:delete(z, S) end),
     t(fun() -> gb_sets:smallest(gb_sets:new()) end),
     t(fun() -> gb_sets:largest(gb_sets:new()) end),
     t(fun() -> gb_sets:take_smallest(gb_sets:new()) end),
     t(fun() -> gb_sets:take_largest(gb_sets:new()) end),
     t(fun() -> gb_sets:fold(notfun, 0, S) end),
     t(fun() -> gb_sets:filter(fun(_, _) -> true end, S) end),
     t(fun() -> gb_sets:filter(fun(_) -> maybe end, S) end),
     t(fun() -> gb_sets:is_element(a, notaset) end),
     t(fun() -> gb_sets:to_list(notaset) end),
     t(fun() -> gb_sets:from_ordset(notalist) end),
     t(fun() -> gb_sets:next(bad) end),
     t(fun() -> gb_sets:union(S, bad) end),
     t(fun() -> gb_sets:union([S, bad]) end),
     t(fun() -> gb_sets:is_empty(bad) end)].
