%% gen_event: a handler whose handle_event crashes (error, exit, bad
%% return) is removed after terminate({error, ...}, State); the manager and
%% the other handlers keep running.
-module(event_crash_event).
-export([main/0, init/1, handle_event/2, handle_call/2, terminate/2]).

init(Kind) -> {ok, Kind}.

handle_event(go, error) -> 1 = 2, {ok, error};
handle_event(go, exit) -> exit(bye_bye);
handle_event(go, bad_return) -> {this, is, wrong};
handle_event(go, fine) -> io:format("fine got go~n"), {ok, fine};
handle_event(E, K) -> io:format("~p got ~p~n", [K, E]), {ok, K}.

handle_call(ping, K) -> {ok, pong, K}.

terminate({error, {'EXIT', {{badmatch, 2}, Stack}}}, K) when is_list(Stack) ->
    io:format("terminate ~p: badmatch with a stack~n", [K]);
terminate(Why, K) ->
    io:format("terminate ~p: ~p~n", [K, Why]).

main() ->
    {ok, M} = gen_event:start(),
    [ok = gen_event:add_handler(M, {?MODULE, K}, K) || K <- [fine, error, exit, bad_return]],
    io:format("~p~n", [gen_event:which_handlers(M)]),
    gen_event:notify(M, go),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    gen_event:sync_notify(M, again),
    io:format("~p~n", [gen_event:call(M, {?MODULE, fine}, ping)]),
    io:format("alive ~p~n", [is_process_alive(M)]),
    gen_event:stop(M).
