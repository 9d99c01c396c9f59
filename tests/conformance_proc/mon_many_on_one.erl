%% 100 monitors on one process: its exit sends 100 DOWN messages, one per reference.
-module(mon_many_on_one).
-export([main/0]).

main() ->
    P = spawn(fun() -> receive go -> exit(done) end end),
    Refs = [monitor(process, P) || _ <- lists:seq(1, 100)],
    {monitors, Ms} = process_info(self(), monitors),
    P ! go,
    Rs = [receive {'DOWN', R, process, P, Why} -> Why end || R <- Refs],
    {length(lists:usort(Refs)), length(Ms), lists:usort(Rs)}.
