%% process_info/2 of a process that has ended is undefined, whatever the item.
-module(info_dead).
-export([main/0]).

main() ->
    {P, Ref} = spawn_monitor(fun() -> ok end),
    receive {'DOWN', Ref, process, P, _} -> ok end,
    [process_info(P, Item) || Item <- [message_queue_len, links, monitors, status]].
