%% A message sent directly while a 100 ms timer runs arrives before the timer's message.
-module(timer_direct_first).
-export([main/0]).

main() ->
    Main = self(),
    erlang:send_after(100, Main, from_timer),
    spawn(fun() -> Main ! from_process end),
    [receive M -> M end, receive M2 -> M2 end].
