%% 50,000 messages sent to self are all queued and received in order.
-module(msg_self_flood).
-export([main/0]).

main() ->
    N = 50000,
    send(1, N),
    {message_queue_len, Q} = process_info(self(), message_queue_len),
    {Q, check(1, N)}.

send(I, N) when I > N -> ok;
send(I, N) -> self() ! I, send(I + 1, N).

check(I, N) when I > N -> all_in_order;
check(I, N) -> receive I -> check(I + 1, N); Other -> {out_of_order, I, Other} end.
