-module(ds_sets_shrink).
-export([main/0]).
main() ->
    S = sets:from_list([{I} || I <- lists:seq(1, 180)]),
    Steps = [120, 80, 40, 5],
    [{N, Sn} || N <- Steps,
                Sn <- [lists:foldl(fun(K, A) -> sets:del_element({K}, A) end, S, lists:seq(N + 1, 180))]] ++
    [sets:to_list(sets:del_element({1}, sets:from_list([{1}, {2}])))].
