-module(map_fold_count).
-export([main/0]).
%% Word counting with a map accumulator (update in a loop).
count([], M) -> M;
count([W | Ws], M) ->
    case M of
        #{W := N} -> count(Ws, M#{W := N + 1});
        _ -> count(Ws, M#{W => 1})
    end.
main() ->
    Words = [the, quick, brown, fox, jumps, over, the, lazy, dog, the, fox],
    M = count(Words, #{}),
    {M, map_size(M), map_get(the, M)}.
