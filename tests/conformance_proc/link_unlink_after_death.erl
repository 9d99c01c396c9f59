%% unlink does not remove an {'EXIT', ...} message already delivered; a later exit signal is not delivered.
-module(link_unlink_after_death).
-export([main/0]).

main() ->
    process_flag(trap_exit, true),
    C = spawn_link(fun() -> exit(early) end),
    Ref = monitor(process, C),
    receive {'DOWN', Ref, process, C, _} -> ok end,
    true = unlink(C),
    Early = receive {'EXIT', C, R} -> {still_queued, R} after 0 -> gone end,
    D = spawn_link(fun() -> receive go -> exit(late) end end),
    unlink(D),
    Ref2 = monitor(process, D),
    D ! go,
    receive {'DOWN', Ref2, process, D, _} -> ok end,
    Late = receive {'EXIT', D, R2} -> {got, R2} after 0 -> no_exit_message end,
    {Early, Late}.
