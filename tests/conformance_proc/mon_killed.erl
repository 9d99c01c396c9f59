%% A monitored process killed with exit(P, kill) is reported with reason killed.
-module(mon_killed).
-export([main/0]).

main() ->
    {P, Ref} = spawn_monitor(fun() -> receive after infinity -> ok end end),
    exit(P, kill),
    receive {'DOWN', Ref, process, P, R} -> R end.
