%% process_info(_, message_queue_len) counts queued messages, of self and of a blocked child.
-module(info_queue_len).
-export([main/0]).

main() ->
    {message_queue_len, A} = process_info(self(), message_queue_len),
    [self() ! {m, I} || I <- lists:seq(1, 3)],
    {message_queue_len, B} = process_info(self(), message_queue_len),
    receive {m, 2} -> ok end,
    {message_queue_len, C} = process_info(self(), message_queue_len),
    P = spawn(fun() -> receive go -> ok end end),
    [P ! {junk, I} || I <- lists:seq(1, 5)],
    D = wait_len(P, 5),
    P ! go,
    {A, B, C, D}.

%% a message sent to another process is in its queue once process_info sees it
wait_len(P, N) ->
    case process_info(P, message_queue_len) of
        {message_queue_len, N} -> N;
        _ -> erlang:yield(), wait_len(P, N)
    end.
