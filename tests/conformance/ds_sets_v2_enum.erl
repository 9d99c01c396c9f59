-module(ds_sets_v2_enum).
-export([main/0]).

%% Version 2 sets (maps) once the maps module exists: enumeration order of
%% small and large sets, and the operations that list or remove elements.
main() ->
    S = sets:from_list([3, 1, 2, x, {t}], [{version, 2}]),
    L = sets:from_list(lists:seq(1, 100), [{version, 2}]),
    %% No atoms in large sets: large atom-keyed maps order differently (docs/terms.md).
    S2 = sets:from_list([3, 1, 2, {7}, <<"b">>], [{version, 2}]),
    E = sets:new([{version, 2}]),
    Odd = fun(X) -> is_integer(X) andalso X rem 2 =:= 1 end,
    [sets:to_list(S),
     sets:fold(fun(X, A) -> [X | A] end, [], S),
     sets:to_list(L),
     sets:fold(fun(X, A) -> [X | A] end, [], L),
     sets:to_list(sets:del_element(2, S)),
     sets:to_list(sets:del_element(nope, S)),
     sets:to_list(sets:union(S, sets:from_list([9, 1], [{version, 2}]))),
     sets:to_list(sets:union([S2, L, E])),
     sets:to_list(sets:intersection(S, L)),
     sets:to_list(sets:intersection([S, L])),
     sets:to_list(sets:subtract(L, sets:from_list(lists:seq(5, 100), [{version, 2}]))),
     sets:is_subset(S, L), sets:is_subset(sets:from_list([1, 2], [{version, 2}]), L),
     sets:is_disjoint(S, E), sets:is_disjoint(S, L),
     sets:to_list(sets:filter(Odd, S)),
     lists:sum(sets:to_list(sets:filter(Odd, L))),
     sets:size(sets:filter(Odd, L)),
     sets:to_list(E), sets:fold(fun(X, A) -> [X | A] end, [], E),
     sets:is_element(50, sets:del_element(50, L)),
     sets:size(sets:union(L, L)),
     try sets:union(S, not_a_set) catch C:R -> {C, R} end].
