%% gen_event:start/start_link/start_monitor with and without a name and
%% options: the return shapes, {error, {already_started, Pid}} for a taken
%% name, and the registered name.
-module(event_start).
-export([main/0]).

main() ->
    {ok, P1} = gen_event:start(),
    {ok, P2} = gen_event:start([]),
    {ok, P3} = gen_event:start({local, ev_a}),
    {ok, P4} = gen_event:start({local, ev_b}, []),
    io:format("~p~n", [[is_pid(P) || P <- [P1, P2, P3, P4]]]),
    io:format("~p ~p~n", [whereis(ev_a) =:= P3, whereis(ev_b) =:= P4]),
    {error, {already_started, P3b}} = gen_event:start({local, ev_a}),
    io:format("already_started same pid: ~p~n", [P3b =:= P3]),
    {error, {already_started, P4b}} = gen_event:start_link({local, ev_b}),
    io:format("already_started same pid: ~p~n", [P4b =:= P4]),
    process_flag(trap_exit, true),
    {ok, L1} = gen_event:start_link(),
    {ok, L2} = gen_event:start_link([]),
    {ok, L3} = gen_event:start_link({local, ev_c}),
    {ok, L4} = gen_event:start_link({local, ev_d}, []),
    {links, Links} = process_info(self(), links),
    io:format("linked: ~p~n", [[lists:member(L, Links) || L <- [L1, L2, L3, L4]]]),
    {ok, {Mo1, Ref1}} = gen_event:start_monitor(),
    {ok, {Mo2, Ref2}} = gen_event:start_monitor([]),
    {ok, {Mo3, Ref3}} = gen_event:start_monitor({local, ev_e}),
    {ok, {_Mo4, _Ref4}} = gen_event:start_monitor({local, ev_f}, []),
    io:format("~p~n", [[is_reference(R) || R <- [Ref1, Ref2, Ref3]]]),
    {error, {already_started, Mo3b}} = gen_event:start_monitor({local, ev_e}),
    io:format("already_started same pid: ~p~n", [Mo3b =:= Mo3]),
    ok = gen_event:stop(Mo1),
    receive {'DOWN', Ref1, process, Mo1, R1} -> io:format("down ~p~n", [R1]) end,
    ok = gen_event:stop(Mo2, shutdown, infinity),
    receive {'DOWN', Ref2, process, Mo2, R2} -> io:format("down ~p~n", [R2]) end,
    ok = gen_event:stop(L1),
    receive {'EXIT', L1, R3} -> io:format("EXIT ~p~n", [R3]) end,
    [ok = gen_event:stop(N) || N <- [ev_a, ev_b, ev_c, ev_d, ev_e, ev_f]],
    io:format("~p~n", [[whereis(N) || N <- [ev_a, ev_b, ev_c, ev_d, ev_e, ev_f]]]),
    ok.
