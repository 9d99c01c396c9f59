%% Main traps exits and closes a linked ring; a crash reaches main from both of its neighbours as EXIT messages.
-module(ring_trap_all).
-export([main/0]).

main() ->
    process_flag(trap_exit, true),
    Main = self(),
    First = build(8, Main),
    receive ring_closed -> ok end,
    First ! {crash_at, 5},
    %% the two EXIT messages come from different senders: their order is free
    Got = [receive {'EXIT', From, Reason} -> {From =:= First, Reason} end || _ <- [1, 2]],
    lists:sort(Got).

%% each node is spawn_linked by the previous one; the last links back to main
build(0, _Main) -> self();
build(K, Main) ->
    spawn_link(fun() ->
        Next = case K of
                   1 -> link(Main), Main ! ring_closed, Main;
                   _ -> build(K - 1, Main)
               end,
        node_loop(9 - K, Next)
    end).

node_loop(I, Next) ->
    receive
        {crash_at, I} -> exit({ring_node_failed, I});
        M -> Next ! M, node_loop(I, Next)
    end.
