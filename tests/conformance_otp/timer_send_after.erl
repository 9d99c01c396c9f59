%% timer:send_after/2,3: to self, another pid and a registered name; timers
%% arrive in order of their times; 0 sends at once ({instant, _}); a name
%% not registered when the timer fires gets nothing; bad arguments give
%% {error, badarg}; send_after(0, Name) to no such name raises badarg.
-module(timer_send_after).
-export([main/0]).

shape({ok, {Kind, Ref}}) when is_reference(Ref) -> {ok, Kind};
shape(Other) -> Other.

main() ->
    io:format("~p~n", [shape(timer:send_after(400, c))]),
    io:format("~p~n", [shape(timer:send_after(100, self(), a))]),
    io:format("~p~n", [shape(timer:send_after(300, b))]),
    io:format("~p~n", [shape(timer:send_after(0, now))]),
    register(me, self()),
    io:format("~p~n", [shape(timer:send_after(200, me, by_name))]),
    io:format("~p~n", [shape(timer:send_after(0, me, by_name_now))]),
    io:format("~p~n", [shape(timer:send_after(10, nobody_here, lost))]),
    L = [receive M -> M end || _ <- lists:seq(1, 6)],
    io:format("~p~n", [L]),
    io:format("~p~n", [receive X -> X after 100 -> nothing_else end]),
    io:format("~p~n", [timer:send_after(-1, self(), x)]),
    io:format("~p~n", [timer:send_after(1.5, self(), x)]),
    io:format("~p~n", [timer:send_after(10, "name", x)]),
    io:format("~p~n", [timer:send_after(a, x)]),
    io:format("~p~n", [try timer:send_after(0, nobody_here, x) catch C:R -> {C, R} end]),
    Self = self(),
    P = spawn(fun() -> receive M2 -> Self ! {relay, M2} end end),
    {ok, _} = timer:send_after(10, P, for_p),
    receive {relay, M3} -> io:format("relayed ~p~n", [M3]) end,
    ok.
