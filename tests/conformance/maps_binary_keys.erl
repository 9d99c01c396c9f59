-module(maps_binary_keys).
-export([main/0]).
main() ->
    M = maps:from_list([{<<I:16>>, I} || I <- lists:seq(1, 80)]),
    S = maps:from_list([{list_to_binary(integer_to_list(I)), I} || I <- lists:seq(1, 20)]),
    [maps:keys(M), maps:values(M), maps:get(<<7:16>>, M), maps:find(<<7:8>>, M),
     maps:to_list(S),
     maps:fold(fun(K, V, A) -> [{K, V} | A] end, [], M),
     maps:keys(maps:filter(fun(_, V) -> V rem 10 =:= 0 end, M)),
     maps:remove(<<1:16>>, maps:remove(<<2:16>>, M)) =:= maps:without([<<1:16>>, <<2:16>>], M)].
