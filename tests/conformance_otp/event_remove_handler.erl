%% gen_event: handle_event, handle_info and handle_call returning
%% remove_handler / {remove_handler, Reply}: terminate(remove_handler, S)
%% is called and the handler is gone; the others stay.
-module(event_remove_handler).
-export([main/0, init/1, handle_event/2, handle_call/2, handle_info/2, terminate/2]).

init(N) -> {ok, N}.

handle_event(E, N) when E =:= N -> io:format("~p removes itself on ~p~n", [N, E]), remove_handler;
handle_event(E, N) -> io:format("~p keeps ~p~n", [N, E]), {ok, N}.

handle_info({bye, N}, N) -> remove_handler;
handle_info(_, N) -> {ok, N}.

handle_call(bye, N) -> {remove_handler, {bye_from, N}};
handle_call(who, N) -> {ok, N, N}.

terminate(Why, N) -> io:format("terminate(~p, ~p)~n", [Why, N]), ignored.

main() ->
    {ok, M} = gen_event:start(),
    [ok = gen_event:add_handler(M, {?MODULE, I}, I) || I <- [1, 2, 3, 4]],
    gen_event:sync_notify(M, 2),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    M ! {bye, 4},
    io:format("~p~n", [gen_event:which_handlers(M)]),
    io:format("~p~n", [gen_event:call(M, {?MODULE, 1}, bye)]),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    io:format("~p~n", [gen_event:call(M, {?MODULE, 3}, who)]),
    gen_event:stop(M).
