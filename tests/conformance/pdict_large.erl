%% A dictionary of 30,000 keys: get/0, get_keys/0,1 and erase/0 span many
%% builtin quanta; get_keys/1 compares a value larger than a quantum.
-module(pdict_large).
-export([main/0]).

main() ->
    N = 30000,
    [put(I, I rem 7) || I <- lists:seq(1, N)],
    io:format("~p~n", [{length(get()), length(get_keys())}]),
    io:format("~p~n", [lists:sum([K * V || {K, V} <- get()])]),
    io:format("~p~n", [{length(get_keys(3)), lists:sum(get_keys(3))}]),
    io:format("~p~n", [{get(17), get(N), get(N + 1), put(N, x), get(N)}]),
    Big = lists:seq(1, 100000),
    put(big1, Big),
    put(big2, lists:seq(1, 100000)),
    put(big3, lists:seq(1, 99999) ++ [0]),
    io:format("~p~n", [lists:sort(get_keys(lists:seq(1, 100000)))]),
    io:format("~p~n", [lists:sort(get_keys(Big))]),
    L = erase(),
    io:format("~p~n", [{length(L), get(), get_keys()}]),
    ok.
