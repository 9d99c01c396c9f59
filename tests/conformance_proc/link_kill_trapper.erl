%% A trapping process linked to a killed one gets {'EXIT', P, killed} as a message and lives on.
-module(link_kill_trapper).
-export([main/0]).

main() ->
    process_flag(trap_exit, true),
    P = spawn_link(fun() -> receive after infinity -> ok end end),
    exit(P, kill),
    Msg = receive {'EXIT', P, R} -> {exit_msg, R} end,
    {Msg, is_process_alive(self()), is_process_alive(P)}.
