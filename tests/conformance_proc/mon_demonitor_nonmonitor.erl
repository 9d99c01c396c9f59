%% demonitor of a reference that is no monitor returns true; of a non-reference, badarg; monitor of a non-pid, badarg.
-module(mon_demonitor_nonmonitor).
-export([main/0]).

main() ->
    A = demonitor(make_ref()),
    B = demonitor(make_ref(), [flush]),
    C = try demonitor(not_a_ref) catch error:E -> E end,
    D = try monitor(process, 42) catch error:E2 -> E2 end,
    F = try monitor(process, {1, 2, 3}) catch error:E3 -> E3 end,
    {A, B, C, D, F}.
