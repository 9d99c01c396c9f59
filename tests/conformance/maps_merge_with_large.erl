-module(maps_merge_with_large).
-export([main/0]).
main() ->
    A = maps:from_list([{I, {a, I}} || I <- lists:seq(1, 300)]),
    B = maps:from_list([{I, {b, I}} || I <- lists:seq(200, 350)]),
    F = fun(K, X, Y) -> {K, X, Y} end,
    AB = maps:merge_with(F, A, B), BA = maps:merge_with(F, B, A),
    Calls = maps:merge_with(fun(K, _, _) -> K end, A, B),
    [maps:size(AB), maps:get(250, AB), maps:get(250, BA), maps:get(1, AB), maps:get(350, BA),
     erlang:phash2(maps:to_list(AB)), erlang:phash2(maps:to_list(BA)),
     maps:size(Calls), maps:get(300, Calls),
     maps:merge_with(F, A, #{}) =:= A, maps:merge_with(F, #{}, B) =:= B].
