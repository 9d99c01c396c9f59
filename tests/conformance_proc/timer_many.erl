%% Six timers 20 ms apart, set in scrambled order, arrive sorted; start_timer and send_after mix.
-module(timer_many).
-export([main/0]).

main() ->
    [case I rem 2 of
         0 -> erlang:send_after(I * 20, self(), {plain, I});
         1 -> erlang:start_timer(I * 20, self(), {tagged, I})
     end || I <- [4, 1, 6, 3, 5, 2]],
    [receive
         {timeout, R, {tagged, I}} when is_reference(R) -> I;
         {plain, I} -> I
     end || _ <- lists:seq(1, 6)].
