%% gen_event runs callbacks under catch: a value thrown by handle_event,
%% handle_call or init is taken as its return value (a thrown
%% {ok, S} keeps the handler, anything else thrown removes it as a bad
%% return).
-module(event_throw).
-export([main/0, init/1, handle_event/2, handle_call/2, terminate/2]).

init(S) -> {ok, S}.
handle_event({throw, T}, _S) -> throw(T);
handle_event(_, S) -> {ok, S}.
handle_call({throw, T}, _S) -> throw(T);
handle_call(get, S) -> {ok, S, S}.
terminate(Why, S) -> io:format("terminate ~p ~p~n", [S, Why]), ok.

main() ->
    {ok, M} = gen_event:start(),
    ok = gen_event:add_handler(M, ?MODULE, s0),
    gen_event:sync_notify(M, {throw, {ok, s1}}),
    io:format("~p~n", [gen_event:call(M, ?MODULE, get)]),
    io:format("~p~n", [gen_event:call(M, ?MODULE, {throw, {ok, reply, s2}})]),
    io:format("~p~n", [gen_event:call(M, ?MODULE, get)]),
    gen_event:sync_notify(M, {throw, oops}),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    ok = gen_event:add_handler(M, ?MODULE, s3),
    io:format("~p~n", [gen_event:call(M, ?MODULE, {throw, nope})]),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    gen_event:stop(M).
