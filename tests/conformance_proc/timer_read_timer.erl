%% read_timer/1: an integer no greater than the time set while pending; false after it fired or was cancelled.
-module(timer_read_timer).
-export([main/0]).

main() ->
    T = erlang:send_after(40, self(), tick),
    R1 = erlang:read_timer(T),
    A = is_integer(R1) andalso R1 >= 0 andalso R1 =< 40,
    receive tick -> ok end,
    B = erlang:read_timer(T),
    T2 = erlang:start_timer(5000, self(), later),
    R2 = erlang:read_timer(T2),
    C = is_integer(R2) andalso R2 > 40 andalso R2 =< 5000,
    erlang:cancel_timer(T2),
    D = erlang:read_timer(T2),
    {A, B, C, D}.
