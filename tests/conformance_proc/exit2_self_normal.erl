%% exit(self(), normal): a process not trapping exits ends with `normal`; a trapping one gets a message.
-module(exit2_self_normal).
-export([main/0]).

main() ->
    {P1, R1} = spawn_monitor(fun() ->
        exit(self(), normal),
        receive after 1000 -> exit(survived) end
    end),
    A = receive {'DOWN', R1, process, P1, X} -> X end,
    {P2, R2} = spawn_monitor(fun() ->
        process_flag(trap_exit, true),
        exit(self(), normal),
        receive {'EXIT', From, Why} -> exit({trapped, From =:= self(), Why}) end
    end),
    B = receive {'DOWN', R2, process, P2, Y} -> Y end,
    {A, B}.
