%% With trap_exit, even a normal exit of a linked child arrives as {'EXIT', Pid, normal}.
-module(trap_normal).
-export([main/0]).

main() ->
    process_flag(trap_exit, true),
    Pid = spawn_link(fun() -> ok end),
    receive {'EXIT', Pid, R} -> {exit_message, R} after 1000 -> none end.
