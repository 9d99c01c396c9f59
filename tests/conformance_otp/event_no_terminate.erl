%% gen_event: a handler without terminate/2: delete_handler returns ok,
%% remove_handler and crashes remove it silently. A terminate/2 that crashes:
%% delete_handler returns the {'EXIT', Reason} of catch.
-module(event_no_terminate).
-export([main/0, init/1, handle_event/2, handle_call/2]).

init(S) -> {ok, S}.
handle_event(remove, _) -> remove_handler;
handle_event(crash, _) -> exit(crash);
handle_event(_, S) -> {ok, S}.
handle_call(get, S) -> {ok, S, S}.

main() ->
    {ok, M} = gen_event:start(),
    ok = gen_event:add_handler(M, {?MODULE, 1}, one),
    io:format("delete ~p~n", [gen_event:delete_handler(M, {?MODULE, 1}, args)]),
    ok = gen_event:add_handler(M, {?MODULE, 2}, two),
    ok = gen_event:sync_notify(M, remove),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    ok = gen_event:add_sup_handler(M, {?MODULE, 3}, three),
    ok = gen_event:sync_notify(M, crash),
    receive {gen_event_EXIT, H, R} -> io:format("~p ~p~n", [H, R]) end,
    io:format("~p~n", [gen_event:which_handlers(M)]),
    gen_event:stop(M).
