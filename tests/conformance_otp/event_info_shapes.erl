%% gen_event: handle_info/2's return shapes: {ok, S}, {ok, S, hibernate},
%% remove_handler, a crash and a bad return (the handler is removed after
%% terminate({error, ...}, S)).
-module(event_info_shapes).
-export([main/0, init/1, handle_event/2, handle_call/2, handle_info/2, terminate/2]).

init(S) -> {ok, S}.
handle_event(_, S) -> {ok, S}.
handle_call(get, S) -> {ok, S, S}.

handle_info({count, K}, {K, N}) -> {ok, {K, N + 1}};
handle_info({hib, K}, {K, N}) -> {ok, {K, N + 100}, hibernate};
handle_info({remove, K}, {K, _}) -> remove_handler;
handle_info({crash, K}, {K, _}) -> erlang:exit({crash, K});
handle_info({bad, K}, {K, _}) -> {bad, K};
handle_info(_, S) -> {ok, S}.

terminate(Why, S) -> io:format("terminate ~p ~p~n", [S, Why]), ok.

main() ->
    {ok, M} = gen_event:start(),
    [ok = gen_event:add_handler(M, {?MODULE, K}, {K, 0}) || K <- [a, b, c, d]],
    M ! {count, a}, M ! {count, a}, M ! {hib, a},
    M ! {count, b}, M ! {remove, b},
    M ! {crash, c}, M ! {bad, d},
    M ! {count, d},
    io:format("~p~n", [gen_event:which_handlers(M)]),
    io:format("~p~n", [gen_event:call(M, {?MODULE, a}, get)]),
    gen_event:stop(M).
