%% Collecting messages until a start_timer fires: those sent before the deadline are taken, in order.
-module(selrecv_timer_deadline).
-export([main/0]).

main() ->
    Main = self(),
    T = erlang:start_timer(100, self(), deadline),
    spawn(fun() -> [Main ! {item, I} || I <- lists:seq(1, 10)] end),
    collect(T, []).

collect(T, Acc) ->
    receive
        {item, I} -> collect(T, [I | Acc]);
        {timeout, T, deadline} -> {deadline_reached, lists:reverse(Acc)}
    end.
