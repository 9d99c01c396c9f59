%% cancel_timer/1 of a pending timer returns the time left (an integer) and the message never comes.
-module(timer_cancel).
-export([main/0]).

main() ->
    T = erlang:send_after(40, self(), cancelled_msg),
    erlang:send_after(80, self(), control),
    Left = erlang:cancel_timer(T),
    Msgs = [receive M -> M end],
    {is_integer(Left), Left =< 40, Left >= 0, Msgs, receive X -> X after 0 -> nothing_else end}.
