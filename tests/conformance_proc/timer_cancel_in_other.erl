%% A timer can be cancelled by a process other than its creator; the message is not delivered.
-module(timer_cancel_in_other).
-export([main/0]).

main() ->
    Main = self(),
    T = erlang:send_after(150, Main, should_not_arrive),
    spawn(fun() -> Main ! {cancel_result, is_integer(erlang:cancel_timer(T))} end),
    A = receive {cancel_result, R} -> R end,
    erlang:send_after(200, Main, control),
    B = receive M -> M end,
    {A, B}.
