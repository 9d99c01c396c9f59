%% send_after with 0 ms delivers promptly, after what is already in the mailbox.
-module(timer_zero).
-export([main/0]).

main() ->
    self() ! before,
    erlang:send_after(0, self(), zero_timer),
    A = receive M1 -> M1 end,
    B = receive M2 -> M2 after 1000 -> none end,
    [A, B].
