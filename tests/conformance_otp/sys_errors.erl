%% sys on processes that cannot answer: a name nobody has exits
%% {noproc, {sys, F, Args}}; a plain process that never answers a system
%% message exits {timeout, {sys, F, [Name, Timeout]}}; a manager stopped with
%% sys:terminate/2,3.
-module(sys_errors).
-export([main/0, init/1, handle_event/2, handle_call/2, terminate/2]).

init(S) -> {ok, S}.
handle_event(_, S) -> {ok, S}.
handle_call(get, S) -> {ok, S, S}.
terminate(Why, S) -> io:format("terminate ~p ~p~n", [S, Why]), ok.

main() ->
    io:format("~p~n", [catch sys:get_state(nobody)]),
    io:format("~p~n", [catch sys:get_state(nobody, 10)]),
    io:format("~p~n", [catch sys:suspend(nobody)]),
    io:format("~p~n", [catch sys:resume(nobody, 10)]),
    io:format("~p~n", [catch sys:get_status(nobody)]),
    io:format("~p~n", [catch sys:terminate(nobody, normal)]),
    Plain = spawn(fun() -> receive stop -> ok end end),
    register(plain_proc, Plain),
    io:format("~p~n", [catch sys:get_state(plain_proc, 30)]),
    io:format("~p~n", [catch sys:get_status(plain_proc, 30)]),
    io:format("~p~n", [catch sys:suspend(plain_proc, 30)]),
    Plain ! stop,
    {ok, M} = gen_event:start({local, term_mgr}),
    ok = gen_event:add_handler(term_mgr, ?MODULE, one),
    MRef = monitor(process, M),
    io:format("terminate ~p~n", [sys:terminate(term_mgr, normal)]),
    receive {'DOWN', MRef, _, _, R} -> io:format("down ~p~n", [R]) end,
    {ok, M2} = gen_event:start({local, term_mgr}),
    MRef2 = monitor(process, M2),
    io:format("terminate ~p~n", [sys:terminate(term_mgr, {shutdown, x}, 1000)]),
    receive {'DOWN', MRef2, _, _, R2} -> io:format("down ~p~n", [R2]) end,
    ok.
