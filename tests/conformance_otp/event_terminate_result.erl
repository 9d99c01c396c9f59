%% gen_event: delete_handler/3 returns whatever terminate/2 returns
%% (any term; a crash in terminate gives {'EXIT', Reason}; a throw gives the
%% thrown value), and swap passes that same value to the new handler.
-module(event_terminate_result).
-export([main/0, init/1, handle_event/2, handle_call/2, terminate/2]).

init({Args, Prev}) -> io:format("init got ~p ~p~n", [Args, Prev]), {ok, Prev};
init(S) -> {ok, S}.
handle_event(_, S) -> {ok, S}.
handle_call(get, S) -> {ok, S, S}.

terminate(crash, _) -> exit(terminate_crashed);
terminate(throw, S) -> throw({thrown, S});
terminate(value, S) -> {any, [term], S};
terminate(Args, S) -> {Args, S}.

main() ->
    {ok, M} = gen_event:start(),
    [ok = gen_event:add_handler(M, {?MODULE, I}, I) || I <- [1, 2, 3, 4, 5]],
    io:format("~p~n", [gen_event:delete_handler(M, {?MODULE, 1}, crash)]),
    io:format("~p~n", [gen_event:delete_handler(M, {?MODULE, 2}, throw)]),
    io:format("~p~n", [gen_event:delete_handler(M, {?MODULE, 3}, value)]),
    io:format("~p~n", [gen_event:swap_handler(M, {{?MODULE, 4}, crash}, {{?MODULE, 6}, a})]),
    io:format("~p~n", [gen_event:swap_handler(M, {{?MODULE, 5}, throw}, {{?MODULE, 7}, b})]),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    gen_event:stop(M).
