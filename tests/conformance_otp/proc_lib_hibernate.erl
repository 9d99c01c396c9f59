%% proc_lib:hibernate/3: the process waits; the next message (or one already
%% queued) calls M:F(A) with the stack discarded, so a catch around the
%% hibernate call does not catch what the woken function raises, and its
%% return ends the process normally. A function the module does not export
%% fails with undef when the process wakes.
-module(proc_lib_hibernate).
-export([main/0, woken/2, crash/1, loop/2]).

main() ->
    Self = self(),
    %% woken with its arguments; the message is still in its mailbox
    {P1, M1} = spawn_monitor(fun() -> proc_lib:hibernate(?MODULE, woken, [Self, first]) end),
    receive after 20 -> ok end,
    S1 = process_info(P1, status),
    P1 ! hello,
    W1 = receive {woken, first, Got} -> Got after 2000 -> none end,
    D1 = down(M1),
    %% a catch around hibernate: gone after the wake-up
    {P2, M2} = spawn_monitor(fun() ->
                                     try proc_lib:hibernate(?MODULE, crash, [boom])
                                     catch _:_ -> Self ! caught_here
                                     end
                             end),
    P2 ! go,
    D2 = element(1, down(M2)),
    C2 = receive caught_here -> caught after 0 -> not_caught end,
    %% a message already queued wakes it at once
    {_P3, M3} = spawn_monitor(fun() ->
                                      self() ! early,
                                      proc_lib:hibernate(?MODULE, woken, [Self, queued])
                              end),
    W3 = receive {woken, queued, G3} -> G3 after 2000 -> none end,
    D3 = down(M3),
    %% a function that is not exported
    {P4, M4} = spawn_monitor(fun() -> proc_lib:hibernate(?MODULE, nosuch, [1]) end),
    P4 ! go,
    {undef, [{proc_lib_hibernate, nosuch, [1], _} | _]} = down(M4),
    %% a loop that hibernates between messages keeps its count
    P5 = spawn(fun() -> loop(Self, 0) end),
    [P5 ! {add, N} || N <- [1, 2, 3, 4]],
    P5 ! report,
    W5 = receive {count, C} -> C after 2000 -> none end,
    %% bad arguments
    B1 = catch proc_lib:hibernate(?MODULE, woken, not_a_list),
    B2 = catch proc_lib:hibernate("m", woken, []),
    [S1, W1, D1, D2, C2, W3, D3, undef, W5, element(1, element(2, B1)), element(1, element(2, B2))].

down(M) -> receive {'DOWN', M, process, _, R} -> R after 2000 -> none end.

woken(Parent, Tag) ->
    Got = receive X -> X end,
    Parent ! {woken, Tag, Got},
    done.

crash(Why) -> error(Why).

loop(Parent, N) ->
    receive
        {add, K} -> proc_lib:hibernate(?MODULE, loop, [Parent, N + K]);
        report -> Parent ! {count, N}
    end.
