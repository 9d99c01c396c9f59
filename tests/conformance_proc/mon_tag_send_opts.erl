%% erlang:monitor/3 with {tag, T} (DOWN, noproc, demonitor flush),
%% erlang:send/3 and erlang:send_nosuspend/2,3 to pids and names.
-module(mon_tag_send_opts).
-export([main/0]).

main() ->
    Self = self(),
    P = spawn(fun() -> receive {From, M} -> From ! {echo, M}, receive stop -> ok end end end),
    M1 = erlang:monitor(process, P, [{tag, watch}]),
    M2 = erlang:monitor(process, P, []),
    M3 = erlang:monitor(process, P, [{tag, 42}, {tag, other}]),
    io:format("~p~n", [erlang:send(P, {Self, hello}, [noconnect])]),
    receive {echo, E} -> io:format("echo ~p~n", [E]) end,
    exit(P, kill),
    receive {watch, M1, process, P, R1} -> io:format("watch ~p~n", [R1]) end,
    receive {'DOWN', M2, process, P, R2} -> io:format("DOWN ~p~n", [R2]) end,
    receive {other, M3, process, P, R3} -> io:format("other ~p~n", [R3]) end,
    M4 = erlang:monitor(process, P, [{tag, gone}]),
    receive {gone, M4, process, P, R4} -> io:format("gone ~p~n", [R4]) end,
    Q = spawn(fun() -> receive _ -> ok end end),
    M5 = erlang:monitor(process, Q, [{tag, flushed}]),
    exit(Q, kill),
    wait_queue(1),
    io:format("~p~n", [{erlang:demonitor(M5, [flush, info]), process_info(Self, message_queue_len)}]),
    register(named, spawn(fun() -> receive {From, M} -> From ! {named, M} end end)),
    M6 = erlang:monitor(process, named, [{tag, by_name}]),
    io:format("~p~n", [erlang:send(named, {Self, x}, [nosuspend, noconnect])]),
    receive {named, X} -> io:format("named ~p~n", [X]) end,
    receive {by_name, M6, process, {named, N}, R6} -> io:format("by_name ~p ~p~n", [N, R6]) end,
    io:format("~p~n", [[erlang:send_nosuspend(Self, a), erlang:send_nosuspend(Self, b, []),
                        erlang:send_nosuspend(Self, c, [noconnect]), erlang:send(Self, d, [])]]),
    io:format("~p~n", [[receive Msg -> Msg end || _ <- [1, 2, 3, 4]]]),
    Bad = [fun() -> erlang:monitor(process, Self, [bogus]) end,
           fun() -> erlang:monitor(process, Self, [{tag}]) end,
           fun() -> erlang:monitor(process, Self, nolist) end,
           fun() -> erlang:monitor(process, Self, [{tag, t} | x]) end,
           fun() -> erlang:monitor(process, 7, [{tag, t}]) end,
           fun() -> erlang:send(Self, m, [bogus]) end,
           fun() -> erlang:send(Self, m, nolist) end,
           fun() -> erlang:send(no_such_name, m, []) end,
           fun() -> erlang:send_nosuspend(Self, m, [nosuspend]) end,
           fun() -> erlang:send_nosuspend(Self, m, [bogus]) end,
           fun() -> erlang:send_nosuspend(no_such_name, m) end],
    io:format("~p~n", [[case catch F() of {'EXIT', {R, _}} -> R; V -> {value, V} end || F <- Bad]]),
    io:format("~p~n", [process_info(Self, message_queue_len)]),
    ok.

wait_queue(N) ->
    case process_info(self(), message_queue_len) of
        {message_queue_len, N} -> ok;
        _ -> erlang:yield(), wait_queue(N)
    end.
