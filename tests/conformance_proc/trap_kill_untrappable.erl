%% exit(P, kill) kills a process even when it traps exits; it dies with `killed`.
-module(trap_kill_untrappable).
-export([main/0]).

main() ->
    Main = self(),
    {P, Ref} = spawn_monitor(fun() ->
        process_flag(trap_exit, true),
        Main ! trapping,
        receive Any -> exit({got_message, Any}) end
    end),
    receive trapping -> ok end,
    exit(P, kill),
    receive {'DOWN', Ref, process, P, R} -> R end.
