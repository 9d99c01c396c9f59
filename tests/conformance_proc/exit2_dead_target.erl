%% exit/2 to a process that has already ended returns true and does nothing.
-module(exit2_dead_target).
-export([main/0]).

main() ->
    {P, Ref} = spawn_monitor(fun() -> ok end),
    receive {'DOWN', Ref, process, P, normal} -> ok end,
    {exit(P, boom), exit(P, kill), exit(P, normal), is_process_alive(P)}.
