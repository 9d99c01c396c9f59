%% demonitor(Ref, [flush]) removes a DOWN message that has already arrived; plain demonitor leaves it.
-module(mon_demonitor_flush).
-export([main/0]).

main() ->
    {_P, Ref} = spawn_monitor(fun() -> ok end),
    wait_queue(1),
    A = demonitor(Ref, [flush]),
    {message_queue_len, N1} = process_info(self(), message_queue_len),
    {P2, Ref2} = spawn_monitor(fun() -> ok end),
    wait_queue(1),
    B = demonitor(Ref2),
    Left = receive {'DOWN', Ref2, process, P2, Why} -> {still_queued, Why} after 0 -> gone end,
    {A, N1, B, Left}.

%% waits (without consuming anything) until N messages are queued
wait_queue(N) ->
    case process_info(self(), message_queue_len) of
        {message_queue_len, L} when L >= N -> ok;
        _ -> receive after 1 -> wait_queue(N) end
    end.
