%% A linked child that exits normally does not affect its parent (not trapping); the link goes away.
-module(link_normal_exit).
-export([main/0]).

main() ->
    Child = spawn_link(fun() -> receive go -> ok end end),
    {links, Before} = process_info(self(), links),
    Ref = monitor(process, Child),
    Child ! go,
    Down = receive {'DOWN', Ref, process, _, R} -> R end,
    {links, After} = process_info(self(), links),
    {Before =:= [Child], Down, is_process_alive(self()), After}.
