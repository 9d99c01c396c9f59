%% A receive timeout of 20 ms ends before a 60 ms timer fires; the timer's message is then waiting.
-module(timer_vs_after).
-export([main/0]).

main() ->
    erlang:send_after(60, self(), timer_msg),
    A = receive timer_msg -> too_early after 20 -> receive_timed_out end,
    B = receive timer_msg -> timer_arrived after 1000 -> no_timer end,
    [A, B].
