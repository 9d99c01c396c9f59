-module(ds_gbs_basic).
-export([main/0]).
main() ->
    S0 = gb_sets:new(),
    S1 = gb_sets:add(3, S0),
    S2 = gb_sets:add_element(1, S1),
    S3 = gb_sets:insert(2, S2),
    S4 = gb_sets:add(2, S3),
    S5 = gb_sets:del_element(1, S4),
    S6 = gb_sets:delete_any(99, S5),
    [S0, S1, S2, S3, S4 =:= S3, S5, S6 =:= S5, gb_sets:empty(), gb_sets:singleton(x),
     gb_sets:is_empty(S0), gb_sets:is_empty(S1), gb_sets:size(S4),
     gb_sets:is_element(2, S4), gb_sets:is_member(7, S4), gb_sets:is_element(2.0, S4),
     gb_sets:to_list(S4), gb_sets:smallest(S4), gb_sets:largest(S4),
     gb_sets:take_smallest(S4), gb_sets:take_largest(S4),
     gb_sets:delete(3, S4), gb_sets:is_set(S4), gb_sets:is_set({1, nil}), gb_sets:is_set(foo),
     gb_sets:is_set({0, nil}), gb_sets:from_list([c, a, b, a, 1, 1.0]),
     gb_sets:from_ordset([1, 2, 3, 4, 5, 6]), gb_sets:balance(S4)].
