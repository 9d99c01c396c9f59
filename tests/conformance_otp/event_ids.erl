%% gen_event: handlers identified as {Module, Id}; several instances of one
%% module, the order of which_handlers and of event delivery (newest first),
%% calls and deletes by id, and a plain Module handler beside them.
-module(event_ids).
-export([main/0, init/1, handle_event/2, handle_call/2, terminate/2]).

init(Name) -> {ok, {Name, []}}.

handle_event(E, {Name, Seen}) ->
    io:format("~p got ~p~n", [Name, E]),
    {ok, {Name, [E | Seen]}}.

handle_call(seen, {Name, Seen} = S) -> {ok, lists:reverse(Seen), S}.

terminate(Why, {Name, _}) ->
    io:format("~p terminate ~p~n", [Name, Why]),
    ok.

main() ->
    {ok, M} = gen_event:start(),
    ok = gen_event:add_handler(M, {?MODULE, a}, a),
    ok = gen_event:add_handler(M, {?MODULE, b}, b),
    ok = gen_event:add_handler(M, ?MODULE, plain),
    ok = gen_event:add_handler(M, {?MODULE, 3}, three),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    ok = gen_event:sync_notify(M, e1),
    io:format("a: ~p~n", [gen_event:call(M, {?MODULE, a}, seen)]),
    io:format("plain: ~p~n", [gen_event:call(M, ?MODULE, seen)]),
    io:format("missing id: ~p~n", [gen_event:call(M, {?MODULE, zz}, seen)]),
    io:format("del b: ~p~n", [gen_event:delete_handler(M, {?MODULE, b}, gone)]),
    io:format("del plain: ~p~n", [gen_event:delete_handler(M, ?MODULE, gone)]),
    io:format("del plain again: ~p~n", [gen_event:delete_handler(M, ?MODULE, gone)]),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    ok = gen_event:sync_notify(M, e2),
    io:format("3: ~p~n", [gen_event:call(M, {?MODULE, 3}, seen)]),
    ok = gen_event:stop(M),
    ok.
