-module(ds_sets_v2_basic).
-export([main/0]).
%% Version 2 sets (maps) for what needs no map enumeration.
main() ->
    E = sets:new([{version, 2}]),
    S1 = sets:add_element(a, E),
    S2 = sets:add_element(1, sets:add_element(1.0, S1)),
    L = sets:from_list([c, b, a, b], [{version, 2}]),
    [E, S1, S2, L, sets:size(S2), sets:is_empty(E), sets:is_empty(S2),
     sets:is_element(1.0, S2), sets:is_element(2, S2), sets:is_set(S2), sets:is_set(E),
     sets:from_list([], [{version, 2}]), sets:new([{version, 2}, {other, x}]),
     sets:new([{other, x}, {version, 2}]), sets:from_list([x], [{version, 1}, {version, 2}]),
     sets:from_list([1, 2, 3], [{version, 2}]) =:= sets:from_list([3, 2, 1], [{version, 2}]),
     sets:add_element(b, L) =:= L, sets:size(sets:from_list(lists:seq(1, 100), [{version, 2}]))].
