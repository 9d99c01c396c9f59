%% gen_event:stop/1,3: terminate(stop, S) of every handler in list order,
%% supervising processes get {gen_event_EXIT, H, shutdown}, the manager
%% exits with the reason (normal for stop/1); a registered manager stopped by
%% name; stop of a name nobody has: exit noproc.
-module(event_stop).
-export([main/0, init/1, handle_event/2, handle_call/2, terminate/2]).

init(S) -> {ok, S}.
handle_event(_, S) -> {ok, S}.
handle_call(get, S) -> {ok, S, S}.
terminate(Why, S) -> io:format("terminate ~p ~p~n", [S, Why]), ignored.

main() ->
    {ok, M} = gen_event:start(),
    ok = gen_event:add_handler(M, {?MODULE, 1}, one),
    ok = gen_event:add_sup_handler(M, {?MODULE, 2}, two),
    ok = gen_event:add_handler(M, {?MODULE, 3}, three),
    MRef = monitor(process, M),
    io:format("stop ~p~n", [gen_event:stop(M)]),
    receive {'DOWN', MRef, _, _, R} -> io:format("down ~p~n", [R]) end,
    receive Msg -> io:format("got ~p~n", [Msg]) after 0 -> ok end,
    {ok, M2} = gen_event:start({local, ev_stop_mgr}),
    ok = gen_event:add_handler(ev_stop_mgr, {?MODULE, 4}, four),
    MRef2 = monitor(process, M2),
    io:format("stop/3 ~p~n", [gen_event:stop(ev_stop_mgr, normal, 5000)]),
    receive {'DOWN', MRef2, _, _, R2} -> io:format("down ~p~n", [R2]) end,
    io:format("whereis ~p~n", [whereis(ev_stop_mgr)]),
    io:format("stop noproc: ~p~n", [catch gen_event:stop(ev_stop_mgr)]),
    io:format("stop dead pid: ~p~n", [catch gen_event:stop(M2)]),
    {ok, M3} = gen_event:start(),
    ok = gen_event:add_handler(M3, {?MODULE, 5}, five),
    MRef3 = monitor(process, M3),
    io:format("stop/3 shutdown ~p~n", [gen_event:stop(M3, shutdown, infinity)]),
    receive {'DOWN', MRef3, _, _, R3} -> io:format("down ~p~n", [R3]) end,
    ok.
