-module(maps_groups_large).
-export([main/0]).
main() ->
    L = [{I rem 37, I} || I <- lists:seq(1, 500)],
    G = maps:groups_from_list(fun({K, _}) -> K end, fun({_, V}) -> V end, L),
    G2 = maps:groups_from_list(fun(X) -> X rem 50 end, lists:seq(1, 500)),
    [maps:size(G), maps:get(0, G), maps:get(36, G), maps:keys(G), maps:keys(G2),
     maps:get(7, G2), lists:sum([length(V) || V <- maps:values(G2)])].
