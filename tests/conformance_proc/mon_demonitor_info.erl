%% demonitor(Ref, [info]) says whether the monitor was still active; with flush too, the DOWN is removed.
-module(mon_demonitor_info).
-export([main/0]).

main() ->
    P = spawn(fun() -> receive stop -> ok end end),
    Active = monitor(process, P),
    A = demonitor(Active, [info]),
    B = demonitor(Active, [info]),
    Late = monitor(process, P),
    P ! stop,
    wait_queue(1),
    C = demonitor(Late, [info]),
    D = demonitor(Late, [flush, info]),
    E = receive {'DOWN', Late, _, _, _} -> still_there after 0 -> flushed end,
    F = demonitor(make_ref(), [info]),
    {A, B, C, D, E, F}.

%% waits (without consuming anything) until N messages are queued
wait_queue(N) ->
    case process_info(self(), message_queue_len) of
        {message_queue_len, L} when L >= N -> ok;
        _ -> receive after 1 -> wait_queue(N) end
    end.
