%% spawn_monitor/1 returns {Pid, Ref}; the DOWN message carries that reference and pid.
-module(mon_spawn_monitor).
-export([main/0, work/1]).

main() ->
    {P, Ref} = spawn_monitor(fun() -> exit({result, 6 * 7}) end),
    A = receive {'DOWN', Ref, process, P, R} -> R end,
    {P2, Ref2} = spawn_monitor(?MODULE, work, [5]),
    B = receive {'DOWN', Ref2, process, P2, R2} -> R2 end,
    {A, B, is_pid(P), is_reference(Ref)}.

work(N) -> exit({squares, [I * I || I <- lists:seq(1, N)]}).
