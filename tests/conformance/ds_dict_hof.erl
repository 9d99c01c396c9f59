-module(ds_dict_hof).
-export([main/0]).
main() ->
    D1 = dict:from_list([{I, I} || I <- lists:seq(1, 40)]),
    D2 = dict:from_list([{I, -I} || I <- lists:seq(30, 60)]),
    M = dict:map(fun(K, V) -> {K, V * 3} end, D1),
    F = dict:filter(fun(K, _) -> K > 35 end, D1),
    [dict:fold(fun(K, V, A) -> [{K, V} | A] end, [], D1),
     dict:to_list(M), F, dict:to_list(F),
     dict:to_list(dict:merge(fun(_, A, B) -> A + B end, D1, D2)),
     dict:to_list(dict:merge(fun(K, A, B) -> {K, A, B} end, D2, D1)),
     dict:merge(fun(_, A, _) -> A end, dict:new(), dict:new()),
     dict:to_list(dict:filter(fun(_, _) -> false end, D1))].
