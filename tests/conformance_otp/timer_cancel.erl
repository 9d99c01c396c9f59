%% timer:cancel/1: a cancelled send_after never arrives (pid and name
%% destinations), cancelling twice or cancelling an instant timer is
%% {ok, cancel}, anything else {error, badarg}.
-module(timer_cancel).
-export([main/0]).

main() ->
    {ok, T1} = timer:send_after(200, cancelled),
    {ok, _} = timer:send_after(300, kept),
    register(me, self()),
    {ok, T2} = timer:send_after(200, me, cancelled_by_name),
    io:format("~p~n", [timer:cancel(T1)]),
    io:format("~p~n", [timer:cancel(T2)]),
    io:format("~p~n", [timer:cancel(T1)]),
    {ok, T3} = timer:send_after(0, instant),
    io:format("~p~n", [timer:cancel(T3)]),
    receive instant -> ok end,
    io:format("~p~n", [receive M -> M end]),
    io:format("~p~n", [receive M2 -> M2 after 100 -> nothing_else end]),
    io:format("~p~n", [[timer:cancel(X) || X <- [foo, {send_local, 1}, {interval, x}, {instant, y}, {}, make_ref()]]]),
    ok.
