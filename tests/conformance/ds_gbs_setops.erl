-module(ds_gbs_setops).
-export([main/0]).
main() ->
    A = gb_sets:from_list([1, 2, 3, 4, 5, 6]),
    B = gb_sets:from_list([4.0, 5, 6, 7, 8]),
    E = gb_sets:new(),
    [gb_sets:union(A, B), gb_sets:union(B, A), gb_sets:union(A, E), gb_sets:union(E, A),
     gb_sets:intersection(A, B), gb_sets:intersection(B, A), gb_sets:intersection(A, E),
     gb_sets:difference(A, B), gb_sets:difference(B, A), gb_sets:subtract(A, E),
     gb_sets:is_subset(A, B), gb_sets:is_subset(gb_sets:from_list([5, 6]), B),
     gb_sets:is_subset(E, A), gb_sets:is_disjoint(A, B),
     gb_sets:is_disjoint(A, gb_sets:from_list([x, y])), gb_sets:is_disjoint(E, A),
     gb_sets:union([A, B, gb_sets:singleton(z)]), gb_sets:union([]), gb_sets:union([A]),
     gb_sets:intersection([A, B, gb_sets:from_list([5, 6.0])]), gb_sets:intersection([B])].
