%% link/1 called by the child links both ways: the parent's crash kills the child.
-module(link_by_child).
-export([main/0]).

main() ->
    Main = self(),
    {Parent, PRef} = spawn_monitor(fun() ->
        Self = self(),
        Child = spawn(fun() -> link(Self), Self ! linked, receive after infinity -> ok end end),
        receive linked -> ok end,
        Main ! {child, Child},
        receive go -> exit(parent_crashed) end
    end),
    Child = receive {child, C} -> C end,
    CRef = monitor(process, Child),
    Parent ! go,
    A = receive {'DOWN', PRef, process, _, X} -> X end,
    B = receive {'DOWN', CRef, process, _, Y} -> Y end,
    {A, B}.
