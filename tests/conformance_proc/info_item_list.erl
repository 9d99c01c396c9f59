%% process_info/2 with a list of items, process_info/1's deterministic
%% items, the dictionary and messages of another process, and the shapes
%% of the numeric items (whose values differ between runtimes).
-module(info_item_list).
-export([main/0, waiter/0]).

waiter() ->
    put(role, waiter),
    put({n, 1}, [1, 2, 3]),
    receive {ready, From} -> From ! ready end,
    receive go -> ok end,
    receive stop -> ok end.

main() ->
    Self = self(),
    P = spawn(?MODULE, waiter, []),
    register(the_waiter, P),
    link(P),
    M = erlang:monitor(process, P),
    P ! {ready, Self},
    receive ready -> ok end,
    P ! {first, [a, b]},
    P ! second,
    wait_queue(P, 2),
    wait_waiting(P),
    io:format("~p~n", [process_info(P, [message_queue_len, registered_name, trap_exit, status, priority])]),
    io:format("~p~n", [process_info(P, [links, monitored_by]) =:= [{links, [Self]}, {monitored_by, [Self]}]]),
    io:format("~p~n", [process_info(Self, monitors) =:= {monitors, [{process, P}]}]),
    io:format("~p~n", [process_info(P, messages)]),
    {dictionary, D} = process_info(P, dictionary),
    io:format("~p~n", [lists:sort(D)]),
    io:format("~p~n", [process_info(P, current_function)]),
    io:format("~p~n", [process_info(Self, current_function)]),
    io:format("~p~n", [process_info(Self, [registered_name, message_queue_len, trap_exit])]),
    io:format("~p~n", [process_info(P, registered_name)]),
    io:format("~p~n", [process_info(Self, registered_name)]),
    io:format("~p~n", [process_info(Self, [])]),
    io:format("~p~n", [process_info(P, [status, status, message_queue_len])]),
    Shapes = [{K, is_integer(V) andalso V >= 0}
              || {K, V} <- process_info(P, [memory, reductions, heap_size, total_heap_size, stack_size])],
    io:format("~p~n", [Shapes]),
    Info = process_info(P),
    io:format("~p~n", [[{K, V} || {K, V} <- Info,
                                 lists:member(K, [registered_name, current_function, status,
                                                  message_queue_len, trap_exit, priority])]]),
    io:format("~p~n", [lists:sort(proplists:get_value(dictionary, Info))]),
    io:format("~p~n", [[K || {K, _} <- Info, K =:= links orelse K =:= error_handler]]),
    io:format("~p~n", [[element(1, element(2, catch process_info(P, Bad)))
                        || Bad <- [[bogus], [status | x], [status, 7], x, "status", [initial | call]]]]),
    unlink(P),
    P ! go,
    P ! stop,
    receive {'DOWN', M, process, P, normal} -> ok end,
    io:format("~p~n", [{process_info(P, [status, links]), process_info(P), process_info(P, [])}]),
    ok.

wait_waiting(P) ->
    case process_info(P, status) of
        {status, waiting} -> ok;
        _ -> erlang:yield(), wait_waiting(P)
    end.

wait_queue(P, N) ->
    case process_info(P, message_queue_len) of
        {message_queue_len, N} -> ok;
        _ -> erlang:yield(), wait_queue(P, N)
    end.
