%% A receive that times out leaves the unmatched messages in the mailbox untouched.
-module(selrecv_after_keep).
-export([main/0]).

main() ->
    self() ! keep1,
    self() ! keep2,
    T = receive wanted -> got after 20 -> timeout end,
    {message_queue_len, Len} = process_info(self(), message_queue_len),
    A = receive M1 -> M1 end,
    B = receive M2 -> M2 end,
    {T, Len, A, B}.
