%% Monitoring a process that has already ended gives a DOWN message with reason noproc at once.
-module(mon_noproc).
-export([main/0]).

main() ->
    {P, R0} = spawn_monitor(fun() -> exit(real_reason) end),
    First = receive {'DOWN', R0, process, P, Why} -> Why end,
    Ref = monitor(process, P),
    Second = receive {'DOWN', Ref, process, P2, Why2} -> {P2 =:= P, Why2} after 1000 -> no_down end,
    {First, Second}.
