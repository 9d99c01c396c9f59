%% exit(P, shutdown) to P, not trapping: P dies with shutdown, and its link partner does too.
-module(exit2_shutdown_linked).
-export([main/0]).

main() ->
    Main = self(),
    P = spawn(fun() ->
        spawn_link(fun() -> Main ! {partner, self()}, receive after infinity -> ok end end),
        receive after infinity -> ok end
    end),
    Q = receive {partner, X} -> X end,
    Refs = [monitor(process, Pid) || Pid <- [P, Q]],
    exit(P, shutdown),
    [receive {'DOWN', R, process, _, Why} -> Why end || R <- Refs].
