%% gen_event: notify is asynchronous and sync_notify returns after every
%% handler has seen the event; events from one sender are handled in the
%% order sent, interleaved with calls as they arrive.
-module(event_sync_order).
-export([main/0, init/1, handle_event/2, handle_call/2]).

init(L) -> {ok, L}.
handle_event(E, L) -> {ok, [E | L]}.
handle_call(get, L) -> {ok, lists:reverse(L), L};
handle_call(clear, _) -> {ok, cleared, []}.

main() ->
    {ok, M} = gen_event:start(),
    ok = gen_event:add_handler(M, ?MODULE, []),
    [gen_event:notify(M, N) || N <- lists:seq(1, 5)],
    io:format("~p~n", [gen_event:call(M, ?MODULE, get)]),
    gen_event:call(M, ?MODULE, clear),
    Self = self(),
    %% two senders, each one's own events in order
    Senders = [spawn(fun() ->
                             [gen_event:notify(M, {Tag, N}) || N <- lists:seq(1, 20)],
                             ok = gen_event:sync_notify(M, {Tag, done}),
                             Self ! {done, Tag}
                     end) || Tag <- [p, q]],
    [receive {done, T} -> ok end || T <- [p, q]],
    L = gen_event:call(M, ?MODULE, get),
    io:format("~p senders, ~p events~n", [length(Senders), length(L)]),
    io:format("p: ~p~n", [[N || {p, N} <- L]]),
    io:format("q: ~p~n", [[N || {q, N} <- L]]),
    gen_event:stop(M).
