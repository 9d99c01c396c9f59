%% An uncaught exit(V) in a spawned process ends it with exactly V, no stack.
-module(exc_exit_plain).
-export([main/0]).

main() ->
    {P, Ref} = spawn_monitor(fun() -> exit({no, stack, here}) end),
    receive {'DOWN', Ref, process, P, R} -> R end.
