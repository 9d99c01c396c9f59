%% exit(self(), kill) ends the caller with `killed` even when it traps exits.
-module(trap_exit_self_kill).
-export([main/0]).

main() ->
    {P, Ref} = spawn_monitor(fun() ->
        process_flag(trap_exit, true),
        exit(self(), kill),
        receive M -> exit({survived, M}) after 1000 -> exit(survived) end
    end),
    receive {'DOWN', Ref, process, P, R} -> R end.
