%% After demonitor/1, no DOWN message comes for that monitor (a second monitor shows the process ended).
-module(mon_demonitor).
-export([main/0]).

main() ->
    P = spawn(fun() -> receive go -> exit(bye) end end),
    Ref1 = monitor(process, P),
    Ref2 = monitor(process, P),
    true = demonitor(Ref1),
    P ! go,
    R2 = receive {'DOWN', Ref2, process, P, W} -> W end,
    R1 = receive {'DOWN', Ref1, process, P, _} -> got_down after 0 -> no_down end,
    {R1, R2}.
