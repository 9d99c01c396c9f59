-module(maps_from_list_large).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
%% Past 1,024 pairs (one chunk of the builtin), with duplicates across chunks.
main() ->
    L = [{I rem 1050, I} || I <- lists:seq(1, 1200)],
    M = maps:from_list(L),
    Bad = lists:seq(1, 1100) ++ [x],
    [maps:size(M), maps:get(0, M), maps:get(1, M), maps:get(1049, M), maps:get(500, M),
     erlang:phash2(maps:to_list(M)), erlang:phash2(maps:keys(M)),
     t(fun() -> maps:from_list([{I, I} || I <- lists:seq(1, 1100)] ++ [bad]) end),
     t(fun() -> maps:from_list([{I, I} || I <- lists:seq(1, 1100)] ++ improper) end),
     t(fun() -> maps:from_list(Bad) end),
     maps:from_list(lists:sublist(L, 33)) =:= maps:from_list(lists:reverse(lists:sublist(L, 33)))].
