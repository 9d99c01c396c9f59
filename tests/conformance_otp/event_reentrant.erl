%% gen_event: a handler may notify its own manager (the event is queued
%% and handled after the current one, before anything sent later) and send itself messages (handled by
%% handle_info); a handler spawning a linked process sees its exit as an
%% 'EXIT' info.
-module(event_reentrant).
-export([main/0, init/1, handle_event/2, handle_call/2, handle_info/2]).

init(Main) -> {ok, {Main, []}}.

handle_event({chain, 0}, {Main, L}) -> {ok, {Main, [{chain, 0} | L]}};
handle_event({chain, N}, {Main, L}) ->
    gen_event:notify(self(), {chain, N - 1}),
    {ok, {Main, [{chain, N} | L]}};
handle_event(spawn_child, {Main, L}) ->
    spawn_link(fun() -> exit(child_done) end),
    {ok, {Main, [spawned | L]}};
handle_event(E, {Main, L}) -> {ok, {Main, [E | L]}}.

handle_call(get, {_, L} = S) -> {ok, lists:reverse(L), S}.

handle_info({'EXIT', _, R}, {Main, L}) ->
    Main ! child_exit,
    {ok, {Main, [{exit, R} | L]}};
handle_info(I, {Main, L}) -> {ok, {Main, [{info, I} | L]}}.

main() ->
    {ok, M} = gen_event:start(),
    ok = gen_event:add_handler(M, ?MODULE, self()),
    %% {chain, 0} is queued before sync_notify's reply, so before the call
    ok = gen_event:sync_notify(M, {chain, 1}),
    io:format("~p~n", [gen_event:call(M, ?MODULE, get)]),
    gen_event:notify(M, after_chain),
    gen_event:sync_notify(M, spawn_child),
    receive child_exit -> ok end,
    io:format("~p~n", [gen_event:call(M, ?MODULE, get)]),
    gen_event:stop(M).
