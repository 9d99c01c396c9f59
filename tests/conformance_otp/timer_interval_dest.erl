%% timer:send_interval/3 to another process: ticks go to it, and the
%% interval ends when that process dies (a registered name: the process
%% registered when the interval started); a later holder of the name gets
%% nothing.
-module(timer_interval_dest).
-export([main/0]).

counter(Main, N) ->
    receive
        tick when N =:= 3 -> Main ! {got, 3};
        tick -> counter(Main, N + 1)
    end.

main() ->
    Self = self(),
    P = spawn(fun() -> counter(Self, 1) end),
    {ok, _} = timer:send_interval(10, P, tick),
    receive {got, N} -> io:format("pid destination got ~p ticks~n", [N]) end,
    Q = spawn(fun() -> register(named, self()), Self ! registered, counter(Self, 1) end),
    receive registered -> ok end,
    MRef = monitor(process, Q),
    {ok, _} = timer:send_interval(20, named, tick),
    receive {got, N2} -> io:format("name destination got ~p ticks~n", [N2]) end,
    receive {'DOWN', MRef, _, _, R} -> io:format("down ~p~n", [R]) end,
    register(named, self()),
    io:format("~p~n", [receive tick -> tick_after_death after 200 -> no_tick end]),
    ok.
