%% monitor(process, self()) is accepted (a reference) but never fires: no DOWN, and demonitor's info says it is not active.
-module(mon_self).
-export([main/0]).

main() ->
    Ref = monitor(process, self()),
    Got = receive {'DOWN', Ref, _, _, _} -> down after 30 -> nothing end,
    {monitors, Ms} = process_info(self(), monitors),
    {is_reference(Ref), Got, Ms, demonitor(Ref, [info]), demonitor(Ref)}.
