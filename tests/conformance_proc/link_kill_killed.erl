%% exit(P, kill): P dies with `killed`, and its link partner receives `killed`, not `kill`.
-module(link_kill_killed).
-export([main/0]).

main() ->
    Main = self(),
    P = spawn(fun() ->
        spawn_link(fun() -> Main ! {partner, self()}, receive after infinity -> ok end end),
        receive after infinity -> ok end
    end),
    Partner = receive {partner, Q} -> Q end,
    R1 = monitor(process, P),
    R2 = monitor(process, Partner),
    true = exit(P, kill),
    A = receive {'DOWN', R1, process, _, X} -> X end,
    B = receive {'DOWN', R2, process, _, Y} -> Y end,
    {A, B}.
