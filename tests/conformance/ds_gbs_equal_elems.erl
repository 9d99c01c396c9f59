-module(ds_gbs_equal_elems).
-export([main/0]).
%% Elements that compare equal (1 and 1.0): which one a set keeps follows
%% OTP's merge order.
main() ->
    A = gb_sets:from_list([1, 2.0, 3, 4.0, 5]),
    B = gb_sets:from_list([1.0, 2, 3.0, 4, 6]),
    [gb_sets:union(A, B), gb_sets:union(B, A), gb_sets:intersection(A, B), gb_sets:intersection(B, A),
     gb_sets:difference(A, B), gb_sets:add(1.0, A), gb_sets:del_element(2, A),
     gb_sets:is_element(4, A), gb_sets:from_list([1.0, 1, 2, 2.0]), gb_sets:from_list([1, 1.0]),
     gb_sets:is_subset(A, B), gb_sets:is_disjoint(A, B),
     gb_sets:union(gb_sets:from_list(lists:seq(1, 20)), gb_sets:from_list([float(X) || X <- lists:seq(5, 25)]))].
