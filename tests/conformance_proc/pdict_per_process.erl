%% Each process has its own dictionary: a child starts with an empty one,
%% a server keeps its state there across messages, another process reads
%% it with process_info(P, dictionary), and it goes with the process.
-module(pdict_per_process).
-export([main/0]).

server() ->
    receive
        {put, K, V, From} -> From ! {old, put(K, V)}, server();
        {get, K, From} -> From ! {val, get(K)}, server();
        {count, From} ->
            N = case get(count) of undefined -> 0; C -> C end,
            put(count, N + 1),
            From ! {count, N + 1},
            server();
        stop -> ok
    end.

main() ->
    Self = self(),
    put(parent_key, parent),
    C = spawn(fun() -> Self ! {child_sees, get(parent_key), get()}, put(child_key, child),
                        Self ! done, receive stop -> ok end end),
    receive {child_sees, V1, D1} -> io:format("child sees ~p ~p~n", [V1, D1]) end,
    receive done -> ok end,
    io:format("~p~n", [{get(child_key), process_info(C, dictionary)}]),
    C ! stop,
    S = spawn(fun server/0),
    [begin S ! {count, Self}, receive {count, _} -> ok end end || _ <- lists:seq(1, 100)],
    S ! {put, k, v1, Self},
    receive {old, O1} -> io:format("old ~p~n", [O1]) end,
    S ! {put, k, v2, Self},
    receive {old, O2} -> io:format("old ~p~n", [O2]) end,
    S ! {get, k, Self},
    receive {val, V2} -> io:format("val ~p~n", [V2]) end,
    {dictionary, D} = process_info(S, dictionary),
    io:format("~p~n", [lists:sort(D)]),
    M = erlang:monitor(process, S),
    S ! stop,
    receive {'DOWN', M, process, S, normal} -> ok end,
    io:format("~p~n", [{process_info(S, dictionary), get()}]),
    ok.
