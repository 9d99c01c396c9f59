%% gen_event:call/4 with a timeout the handler does not meet: the caller
%% exits {timeout, {gen_event, call, [M, Handler, Query, Timeout]}}; the
%% manager carries on. call/3 to a registered manager by name.
-module(event_call_timeout).
-export([main/0, init/1, handle_event/2, handle_call/2]).

init(S) -> {ok, S}.
handle_event(_, S) -> {ok, S}.
handle_call({sleep, T}, S) -> receive after T -> ok end, {ok, slept, S};
handle_call(get, S) -> {ok, S, S}.

main() ->
    {ok, _} = gen_event:start({local, ev_slow}),
    ok = gen_event:add_handler(ev_slow, ?MODULE, st),
    R = (catch gen_event:call(ev_slow, ?MODULE, {sleep, 300}, 20)),
    io:format("~p~n", [R]),
    io:format("~p~n", [gen_event:call(ev_slow, ?MODULE, get)]),
    io:format("~p~n", [gen_event:call(ev_slow, ?MODULE, {sleep, 1}, infinity)]),
    gen_event:stop(ev_slow).
