-module(ds_gbs_big).
-export([main/0]).
%% Big sets take the tree-probing paths of the set operations.
main() ->
    Big = gb_sets:from_list(lists:seq(1, 1000)),
    Small = gb_sets:from_list([5, 500, 999, 1001, 2000]),
    Mid = gb_sets:from_list(lists:seq(900, 1100)),
    Grown = lists:foldl(fun(I, S) -> gb_sets:add((I * 37) rem 1013, S) end, gb_sets:new(), lists:seq(1, 1000)),
    [gb_sets:union(Small, Big) =:= gb_sets:union(Big, Small),
     erlang:phash2(gb_sets:union(Small, Big)), gb_sets:size(gb_sets:union(Small, Big)),
     gb_sets:intersection(Big, Small), gb_sets:intersection(Small, Big),
     gb_sets:difference(Small, Big), erlang:phash2(gb_sets:difference(Big, Small)),
     gb_sets:is_subset(Small, Big), gb_sets:is_subset(gb_sets:from_list([1, 1000]), Big),
     gb_sets:is_disjoint(Small, Big), erlang:phash2(gb_sets:union(Mid, Big)),
     erlang:phash2(gb_sets:intersection(Mid, Big)), erlang:phash2(gb_sets:difference(Mid, Big)),
     erlang:phash2(Grown), gb_sets:size(Grown),
     erlang:phash2(gb_sets:balance(Grown)),
     erlang:phash2(lists:foldl(fun(X, A) -> gb_sets:del_element(X, A) end, Grown, lists:seq(1, 1013, 2)))].
