%% start_timer/3 delivers {timeout, TimerRef, Msg}, with the reference it returned.
-module(timer_start_timer).
-export([main/0]).

main() ->
    Ref = erlang:start_timer(20, self(), wake_up),
    receive
        {timeout, R, Msg} -> {R =:= Ref, Msg, is_reference(Ref)}
    end.
