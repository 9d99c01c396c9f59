-module(ds_sets_basic).
-export([main/0]).
main() ->
    S0 = sets:new(),
    S1 = sets:add_element(a, S0),
    S2 = sets:add_element(b, S1),
    S3 = sets:add_element(a, S2),
    S4 = sets:add_element(1, S3),
    S5 = sets:add_element(1.0, S4),
    S6 = sets:del_element(a, S5),
    S7 = sets:del_element(zz, S6),
    [S0, S1, S2, S3 =:= S2, S5, S6, S7 =:= S6, sets:to_list(S5), sets:size(S5),
     sets:is_empty(S0), sets:is_empty(S1), sets:is_element(1, S5), sets:is_element(1.0, S4),
     sets:is_set(S0), sets:is_set(foo), sets:is_set({set, a}), sets:is_set(#{}),
     sets:from_list([x, y, x, z]), sets:to_list(sets:from_list([3, 2, 1, 2, 3])),
     sets:new([{version, 1}]) =:= sets:new(), sets:from_list([1, 2], [{version, 1}]),
     sets:fold(fun(E, A) -> [E | A] end, [], S5)].
