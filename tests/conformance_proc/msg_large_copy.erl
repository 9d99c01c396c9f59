%% Large terms (a 100,000-element list, nested tuples, a map) arrive intact in another process.
-module(msg_large_copy).
-export([main/0]).

main() ->
    L = lists:seq(1, 100000),
    T = lists:foldl(fun(I, Acc) -> {I, Acc} end, leaf, lists:seq(1, 1000)),
    M = maps:from_list([{I, integer_to_list(I)} || I <- lists:seq(1, 500)]),
    Echo = spawn(fun() -> receive {From, X} -> From ! {echo, X} end end),
    Echo ! {self(), {L, T, M}},
    receive {echo, {L2, T2, M2}} -> {L2 =:= L, T2 =:= T, M2 =:= M, length(L2), map_size(M2)} end.
