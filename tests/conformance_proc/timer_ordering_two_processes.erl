%% Timers in two processes (20 and 60 ms) aimed at main: the earlier one's message is first.
-module(timer_ordering_two_processes).
-export([main/0]).

main() ->
    Main = self(),
    spawn(fun() -> erlang:send_after(60, Main, slow), Main ! armed end),
    spawn(fun() -> erlang:send_after(20, Main, fast), Main ! armed end),
    receive armed -> ok end,
    receive armed -> ok end,
    [receive fast -> fast; slow -> slow end, receive fast -> fast; slow -> slow end].
