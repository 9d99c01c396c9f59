%% cancel_timer/1 of a timer that has fired, or was cancelled already, returns false.
-module(timer_cancel_fired).
-export([main/0]).

main() ->
    T = erlang:send_after(20, self(), fired),
    M = receive fired -> fired end,
    A = erlang:cancel_timer(T),
    T2 = erlang:send_after(1000, self(), never),
    B = is_integer(erlang:cancel_timer(T2)),
    C = erlang:cancel_timer(T2),
    {M, A, B, C}.
