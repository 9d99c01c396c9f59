-module(ds_dict_grow).
-export([main/0]).
%% Growth across many segment doublings, then shrinking.
main() ->
    D = dict:from_list([{I, I * 2} || I <- lists:seq(1, 1000)]),
    L = dict:to_list(D),
    Small = lists:foldl(fun(K, A) -> dict:erase(K, A) end, D, lists:seq(1, 990)),
    [erlang:phash2(L), lists:sublist(L, 20), dict:size(D), erlang:phash2(D),
     dict:to_list(Small), Small, dict:fetch(500, D), dict:find(1001, D),
     erlang:phash2(dict:filter(fun(K, _) -> K rem 7 =:= 0 end, D)),
     dict:size(dict:filter(fun(K, _) -> K rem 7 =:= 0 end, D))].
