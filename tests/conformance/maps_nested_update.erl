-module(maps_nested_update).
-export([main/0]).
%% A counter table of nested maps, updated through the whole API.
add(Word, Acc) ->
    First = hd(Word),
    Inner = maps:get(First, Acc, #{}),
    maps:put(First, maps:update_with(Word, fun(N) -> N + 1 end, 1, Inner), Acc).
main() ->
    Words = [[C1, C2] || C1 <- "abcde", C2 <- "xyz", _ <- [1, 2]] ++ ["ax", "ey", "ey"],
    T = lists:foldl(fun add/2, #{}, Words),
    Flat = maps:fold(fun(_, Inner, A) -> maps:merge(A, Inner) end, #{}, T),
    [T, Flat, maps:get("ey", Flat), maps:size(Flat),
     maps:map(fun(_, Inner) -> maps:size(Inner) end, T),
     maps:filtermap(fun(K, Inner) -> K > $c andalso {true, maps:keys(Inner)} end, T)].
