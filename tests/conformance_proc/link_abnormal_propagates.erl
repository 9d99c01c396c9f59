%% An abnormal exit travels along a link: the middle process dies with the child's reason.
-module(link_abnormal_propagates).
-export([main/0]).

main() ->
    {Middle, Ref} = spawn_monitor(fun() ->
        spawn_link(fun() -> receive go -> exit(boom) end end) ! go,
        receive after infinity -> ok end
    end),
    Reason = receive {'DOWN', Ref, process, Middle, R} -> R end,
    {Reason, is_process_alive(Middle)}.
