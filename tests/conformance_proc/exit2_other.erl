%% exit(P, Reason) kills a non-trapping process P with Reason; it returns true.
-module(exit2_other).
-export([main/0]).

main() ->
    {P, Ref} = spawn_monitor(fun() -> receive after infinity -> ok end end),
    T = exit(P, {custom, reason, 1}),
    R = receive {'DOWN', Ref, process, P, Why} -> Why end,
    {T, R, is_process_alive(P)}.
