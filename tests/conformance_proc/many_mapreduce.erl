%% Map-reduce word count: one mapper per line, a reducer merges their counts into a sorted list.
-module(many_mapreduce).
-export([main/0]).

main() ->
    Lines = ["the cat sat on the mat", "the dog sat", "a cat and a dog", "on and on"],
    Main = self(),
    Reducer = spawn(fun() -> reduce(length(Lines), #{}, Main) end),
    [spawn(fun() -> Reducer ! {counts, count(string:lexemes(L, " "))} end) || L <- Lines],
    receive {result, R} -> R end.

count(Words) ->
    lists:foldl(fun(W, M) -> maps:update_with(W, fun(C) -> C + 1 end, 1, M) end, #{}, Words).

reduce(0, Acc, Main) ->
    Main ! {result, lists:sort(maps:to_list(Acc))};
reduce(K, Acc, Main) ->
    receive
        {counts, M} ->
            reduce(K - 1, maps:fold(fun(W, C, A) -> maps:update_with(W, fun(X) -> X + C end, C, A) end, Acc, M), Main)
    end.
