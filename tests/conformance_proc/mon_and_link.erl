%% A process both linked (trapping) and monitoring a child gets both an EXIT and a DOWN message with the same reason.
-module(mon_and_link).
-export([main/0]).

main() ->
    process_flag(trap_exit, true),
    P = spawn_link(fun() -> receive go -> exit(both) end end),
    Ref = monitor(process, P),
    P ! go,
    Msgs = [receive M -> M end, receive M2 -> M2 end],
    lists:sort([case M of
                    {'EXIT', P, R} -> {exit, R};
                    {'DOWN', Ref, process, P, R} -> {down, R}
                end || M <- Msgs]).
