%% A trapping process linked to a process killed with `kill` gets {'EXIT', P, killed}.
-module(trap_killed_message).
-export([main/0]).

main() ->
    process_flag(trap_exit, true),
    P = spawn_link(fun() -> receive after infinity -> ok end end),
    Killer = spawn(fun() -> exit(P, kill) end),
    R = receive {'EXIT', P, Why} -> Why end,
    {R, is_pid(Killer)}.
