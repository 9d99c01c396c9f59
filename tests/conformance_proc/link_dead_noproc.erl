%% link/1 to a dead process: noproc error when not trapping; with trap_exit, true and an {'EXIT', P, noproc} message.
-module(link_dead_noproc).
-export([main/0]).

main() ->
    Dead = spawn(fun() -> ok end),
    R = monitor(process, Dead),
    receive {'DOWN', R, process, Dead, _} -> ok end,
    A = try link(Dead) of V -> {returned, V} catch C:E -> {C, E} end,
    process_flag(trap_exit, true),
    B = link(Dead),
    M = receive {'EXIT', Dead, Why} -> {exit_msg, Why} after 100 -> none end,
    {A, B, M}.
