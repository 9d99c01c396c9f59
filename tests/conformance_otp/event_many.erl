%% gen_event: 30 handlers; an event reaches them newest first; half of them
%% deleted by id; state kept per handler.
-module(event_many).
-export([main/0, init/1, handle_event/2, handle_call/2]).

init(N) -> {ok, {N, 0}}.
handle_event({add, K}, {N, Sum}) -> {ok, {N, Sum + K * N}};
handle_event(_, S) -> {ok, S}.
handle_call(get, S) -> {ok, S, S}.

main() ->
    {ok, M} = gen_event:start(),
    [ok = gen_event:add_handler(M, {?MODULE, N}, N) || N <- lists:seq(1, 30)],
    Hs = gen_event:which_handlers(M),
    io:format("~p handlers, first ~p, last ~p~n", [length(Hs), hd(Hs), lists:last(Hs)]),
    [ok = gen_event:notify(M, {add, K}) || K <- lists:seq(1, 10)],
    [gen_event:delete_handler(M, {?MODULE, N}, x) || N <- lists:seq(2, 30, 2)],
    ok = gen_event:sync_notify(M, {add, 100}),
    io:format("~p~n", [[element(2, gen_event:call(M, H, get)) || H <- gen_event:which_handlers(M)]]),
    gen_event:stop(M).
