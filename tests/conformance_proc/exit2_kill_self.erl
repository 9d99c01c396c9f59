%% exit(self(), kill) from a process that does not trap: it dies with `killed`.
-module(exit2_kill_self).
-export([main/0]).

main() ->
    {P, Ref} = spawn_monitor(fun() -> exit(self(), kill) end),
    receive {'DOWN', Ref, process, P, R} -> R end.
