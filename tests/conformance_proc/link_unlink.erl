%% After unlink, a crashing former partner no longer takes the process down.
-module(link_unlink).
-export([main/0]).

main() ->
    Main = self(),
    {Mid, Ref} = spawn_monitor(fun() ->
        C = spawn_link(fun() -> receive go -> exit(crash) end end),
        Cref = monitor(process, C),
        true = unlink(C),
        {links, L} = process_info(self(), links),
        C ! go,
        receive {'DOWN', Cref, process, C, Why} -> Main ! {child_died, Why, L} end,
        receive stop -> ok end
    end),
    Report = receive {child_died, W, Links} -> {W, Links} end,
    Alive = is_process_alive(Mid),
    Mid ! stop,
    Down = receive {'DOWN', Ref, process, Mid, R} -> R end,
    {Report, Alive, Down}.
