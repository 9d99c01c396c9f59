%% monitor(process, self()) is accepted (a reference) but never produces a DOWN message.
-module(mon_self).
-export([main/0]).

main() ->
    Ref = monitor(process, self()),
    Got = receive {'DOWN', Ref, _, _, _} -> down after 30 -> nothing end,
    {is_reference(Ref), Got, demonitor(Ref)}.
