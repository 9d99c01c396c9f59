%% exit(self(), Reason) ends a process that does not trap; a trapping one receives {'EXIT', Self, Reason}.
-module(exit2_self_reason).
-export([main/0]).

main() ->
    {P1, R1} = spawn_monitor(fun() -> exit(self(), goodbye), receive after 1000 -> exit(survived) end end),
    A = receive {'DOWN', R1, process, P1, X} -> X end,
    process_flag(trap_exit, true),
    true = exit(self(), note_to_self),
    B = receive {'EXIT', From, Why} -> {From =:= self(), Why} end,
    {A, B}.
