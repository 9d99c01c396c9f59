%% gen_event: start a manager, add a handler, notify, sync_notify, call,
%% which_handlers, delete_handler and stop; every callback prints.
-module(event_basic).
-behaviour(gen_event).
-export([main/0, init/1, handle_event/2, handle_call/2, handle_info/2, terminate/2]).

init(Args) ->
    io:format("init(~p)~n", [Args]),
    {ok, {count, 0}}.

handle_event(Event, {count, N}) ->
    io:format("handle_event(~p, ~p)~n", [Event, N]),
    {ok, {count, N + 1}}.

handle_call(get, {count, N} = S) ->
    io:format("handle_call(get, ~p)~n", [N]),
    {ok, {count_is, N}, S}.

handle_info(Info, S) ->
    io:format("handle_info(~p)~n", [Info]),
    {ok, S}.

terminate(Arg, S) ->
    io:format("terminate(~p, ~p)~n", [Arg, S]),
    {final, S}.

main() ->
    {ok, M} = gen_event:start(),
    io:format("alive ~p~n", [is_process_alive(M)]),
    io:format("handlers ~p~n", [gen_event:which_handlers(M)]),
    ok = gen_event:add_handler(M, ?MODULE, first),
    io:format("handlers ~p~n", [gen_event:which_handlers(M)]),
    ok = gen_event:notify(M, one),
    ok = gen_event:notify(M, two),
    ok = gen_event:sync_notify(M, three),
    io:format("call ~p~n", [gen_event:call(M, ?MODULE, get)]),
    M ! some_info,
    io:format("call ~p~n", [gen_event:call(M, ?MODULE, get, 1000)]),
    io:format("delete ~p~n", [gen_event:delete_handler(M, ?MODULE, bye)]),
    io:format("handlers ~p~n", [gen_event:which_handlers(M)]),
    io:format("delete again ~p~n", [gen_event:delete_handler(M, ?MODULE, bye)]),
    io:format("call missing ~p~n", [gen_event:call(M, ?MODULE, get)]),
    ok = gen_event:notify(M, nobody_listens),
    ok = gen_event:stop(M),
    io:format("alive ~p~n", [is_process_alive(M)]),
    done.
