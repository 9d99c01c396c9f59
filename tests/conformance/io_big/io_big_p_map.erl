-module(io_big_p_map).
-export([main/0]).

%% ~p of a map above the printing builtin's budget.
sum(S) -> {length(S), erlang:phash2(S), lists:sublist(S, 240), lists:nthtail(length(S) - 240, S)}.

%% flattens without deep recursion
fl([H | T], Stack, Acc) when is_list(H) -> fl(H, [T | Stack], Acc);
fl([H | T], Stack, Acc) -> fl(T, Stack, [H | Acc]);
fl([], [T | Stack], Acc) -> fl(T, Stack, Acc);
fl([], [], Acc) -> lists:reverse(Acc).

main() ->
    M = lists:foldl(fun(I, A) -> A#{I => [I]} end, #{}, lists:seq(1, 12000)),
    [sum(fl(io_lib:format("~p", [M]), [], [])),
     sum(fl(io_lib:format("~p", [{state, M, [a, b]}]), [], []))].
