%% 2,000 reference-tagged calls while 10,000 unrelated messages stay queued: each reply is found, the queue is untouched.
-module(selrecv_ref_calls_long_mailbox).
-export([main/0]).

main() ->
    [self() ! {noise, I} || I <- lists:seq(1, 10000)],
    S = spawn(fun server/0),
    Sum = calls(S, 2000, 0),
    {message_queue_len, Len} = process_info(self(), message_queue_len),
    First = receive {noise, N} -> N end,
    {Sum, Len, First}.

calls(_S, 0, Acc) -> Acc;
calls(S, K, Acc) ->
    Ref = make_ref(),
    S ! {call, self(), Ref, K},
    receive
        {Ref, R} -> calls(S, K - 1, Acc + R)
    end.

server() ->
    receive
        {call, From, Ref, X} -> From ! {Ref, X + 1}, server()
    end.
