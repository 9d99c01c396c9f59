%% gen_event managers trap exits: exit(M, R) from a process that is not
%% the parent becomes handle_info({'EXIT', From, R}) in every handler; from
%% the parent (start_link) it terminates the handlers with stop and exits
%% with R; kill ends it at once, without terminate.
-module(event_exit_signals).
-export([main/0, init/1, handle_event/2, handle_call/2, handle_info/2, terminate/2]).

init(S) -> {ok, S}.
handle_event(_, S) -> {ok, S}.
handle_call(get, S) -> {ok, S, S}.
handle_info({'EXIT', _From, R}, {Name, Main}) ->
    io:format("~p: EXIT ~p~n", [Name, R]),
    Main ! {seen, Name},
    {ok, {Name, Main}}.
terminate(Why, {Name, _}) -> io:format("~p: terminate ~p~n", [Name, Why]), ok.

main() ->
    Self = self(),
    {ok, M} = gen_event:start(),
    ok = gen_event:add_handler(M, {?MODULE, 1}, {one, Self}),
    ok = gen_event:add_handler(M, {?MODULE, 2}, {two, Self}),
    exit(M, shutdown),
    [receive {seen, N} -> ok end || N <- [two, one]],
    exit(M, some_reason),
    [receive {seen, N} -> ok end || N <- [two, one]],
    io:format("alive ~p~n", [is_process_alive(M)]),
    MRef = monitor(process, M),
    exit(M, kill),
    receive {'DOWN', MRef, _, _, R} -> io:format("down ~p~n", [R]) end,
    process_flag(trap_exit, true),
    {ok, L} = gen_event:start_link(),
    ok = gen_event:add_handler(L, ?MODULE, {three, Self}),
    exit(L, shutdown),
    receive {'EXIT', L, R2} -> io:format("EXIT from manager ~p~n", [R2]) end,
    ok.
