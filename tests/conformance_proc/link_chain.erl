%% A chain of five linked processes: the last one's crash reaches every one of them.
-module(link_chain).
-export([main/0]).

main() ->
    Main = self(),
    spawn(fun() -> link_node(5, Main) end),
    Pids = receive {ready, Ps} -> Ps end,
    Refs = [monitor(process, P) || P <- Pids],
    lists:last(Pids) ! crash,
    {length(Pids), [receive {'DOWN', R, process, _, Why} -> Why end || R <- Refs]}.

%% each node spawns and links the next, and reports the chain below it to its parent
link_node(1, Parent) ->
    Parent ! {ready, [self()]},
    receive crash -> exit({chain_broken, at_end}) end;
link_node(N, Parent) ->
    Self = self(),
    spawn_link(fun() -> link_node(N - 1, Self) end),
    receive {ready, Below} -> Parent ! {ready, [self() | Below]} end,
    receive after infinity -> ok end.
