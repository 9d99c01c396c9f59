%% A call with a fresh reference finds its reply behind 2,000 unrelated messages, which stay queued.
-module(selrecv_ref_call).
-export([main/0]).

main() ->
    [self() ! {noise, I} || I <- lists:seq(1, 2000)],
    Server = spawn(fun server/0),
    Ref = make_ref(),
    Server ! {call, self(), Ref, double, 21},
    Reply = receive {Ref, R} -> R end,
    {message_queue_len, Len} = process_info(self(), message_queue_len),
    First = receive {noise, N} -> N end,
    {Reply, Len, First}.

server() ->
    receive
        {call, From, Ref, double, X} -> From ! {Ref, 2 * X}
    end.
