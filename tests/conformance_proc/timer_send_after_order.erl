%% Timers set out of order (60, 20, 40 ms) deliver their messages in order of expiry.
-module(timer_send_after_order).
-export([main/0]).

main() ->
    erlang:send_after(60, self(), third),
    erlang:send_after(20, self(), first),
    erlang:send_after(40, self(), second),
    [receive M -> M end || _ <- [1, 2, 3]].
