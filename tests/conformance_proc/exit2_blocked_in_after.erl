%% An exit signal ends a process blocked in a receive with a long `after`: the timeout does not delay it.
-module(exit2_blocked_in_after).
-export([main/0]).

main() ->
    Main = self(),
    {P, Ref} = spawn_monitor(fun() ->
        Main ! waiting,
        receive never -> ok after 5000 -> exit(timed_out) end
    end),
    receive waiting -> ok end,
    exit(P, interrupted),
    A = receive {'DOWN', Ref, process, P, R} -> R end,
    erlang:send_after(20, self(), control),
    B = receive M -> M end,
    {A, B}.
