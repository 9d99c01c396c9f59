%% After trap_exit is switched off again, a linked crash kills the process.
-module(trap_off_again).
-export([main/0]).

main() ->
    Main = self(),
    {P, Ref} = spawn_monitor(fun() ->
        process_flag(trap_exit, true),
        C1 = spawn_link(fun() -> exit(first) end),
        receive {'EXIT', C1, first} -> Main ! survived_first end,
        process_flag(trap_exit, false),
        spawn_link(fun() -> exit(second) end),
        receive after infinity -> ok end
    end),
    A = receive survived_first -> survived_first end,
    B = receive {'DOWN', Ref, process, P, R} -> R end,
    {A, B}.
