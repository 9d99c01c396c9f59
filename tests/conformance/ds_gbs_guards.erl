-module(ds_gbs_guards).
-export([main/0]).
t(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.
main() ->
  N = {a,1,nil,nil}, S = {a,nil,nil},
  [t(fun() -> gb_trees:delete(a, {x, N}) end),
   t(fun() -> gb_trees:take(a, {x, N}) end),
   t(fun() -> gb_trees:take_smallest({x, N}) end),
   t(fun() -> gb_trees:take_largest({x, N}) end),
   t(fun() -> gb_trees:insert(b, 1, {x, N}) end),
   t(fun() -> gb_trees:insert(b, 1, {1.5, N}) end),
   t(fun() -> gb_trees:balance({-1, nil}) end),
   t(fun() -> gb_trees:map(fun(_,_) -> 1 end, {x, N}) end),
   t(fun() -> gb_sets:delete(a, {x, S}) end),
   t(fun() -> gb_sets:take_smallest({x, S}) end),
   t(fun() -> gb_sets:insert(b, {x, S}) end),
   t(fun() -> gb_sets:insert(b, {-1, S}) end),
   t(fun() -> gb_sets:balance({x, S}) end),
   t(fun() -> gb_sets:union({x, S}, {1, S}) end),
   t(fun() -> gb_sets:union({1, S}, {x, S}) end),
   t(fun() -> gb_sets:difference({x, S}, {1, S}) end),
   t(fun() -> gb_sets:is_subset({x, S}, {1, S}) end),
   t(fun() -> gb_sets:intersection({x, S}, {1, S}) end),
   t(fun() -> gb_sets:is_disjoint({x, S}, {1, S}) end),
   t(fun() -> gb_sets:fold(fun(_,_) -> 1 end, 0, {x, S}) end),
   t(fun() -> gb_sets:filter(fun(_) -> true end, {x, S}) end),
   t(fun() -> gb_sets:size(x) end),
   t(fun() -> gb_sets:size({x, S}) end),
   t(fun() -> gb_sets:intersection([]) end),
   t(fun() -> gb_sets:union([]) end),
   t(fun() -> gb_sets:from_list(x) end),
   t(fun() -> gb_sets:iterator_from(a, x) end)
  ].
