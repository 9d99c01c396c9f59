%% gen_event:add_sup_handler/3: the adding process gets
%% {gen_event_EXIT, Handler, Reason} when its handler goes: normal on
%% delete_handler and remove_handler, the crash reason on a crash, and
%% shutdown when the manager stops; an unsupervised handler sends nothing.
-module(event_sup_handler).
-export([main/0, init/1, handle_event/2, handle_call/2, terminate/2]).

init(S) -> {ok, S}.

handle_event(crash, crash_me) -> exit(boom);
handle_event(bad, bad_me) -> bad_return_value;
handle_event(remove, remove_me) -> remove_handler;
handle_event(_, S) -> {ok, S}.

handle_call(get, S) -> {ok, S, S}.

terminate(_, S) -> S.

flush() ->
    receive
        {gen_event_EXIT, H, R} -> io:format("gen_event_EXIT ~p ~p~n", [H, R]), flush()
    after 0 -> ok
    end.

main() ->
    {ok, M} = gen_event:start(),
    [ok = gen_event:add_sup_handler(M, {?MODULE, S}, S)
     || S <- [del_me, crash_me, bad_me, remove_me, stays]],
    ok = gen_event:add_handler(M, {?MODULE, unsup}, unsup),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    del_me = gen_event:delete_handler(M, {?MODULE, del_me}, x),
    flush(),
    gen_event:sync_notify(M, crash),
    flush(),
    gen_event:sync_notify(M, bad),
    flush(),
    gen_event:sync_notify(M, remove),
    flush(),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    ok = gen_event:stop(M),
    flush(),
    ok.
