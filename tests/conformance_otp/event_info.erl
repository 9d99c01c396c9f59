%% gen_event: a message that is not a gen_event request goes to every
%% handler's handle_info/2; a handler without handle_info/2 keeps its state
%% (OTP logs a warning); handle_info's bad return removes the handler.
-module(event_info).
-export([main/0, init/1, handle_event/2, handle_call/2, terminate/2]).

init(S) -> {ok, S}.
handle_event(_, S) -> {ok, S}.
handle_call(get, S) -> {ok, S, S}.
terminate(Why, S) -> io:format("terminate ~p ~p~n", [S, Why]), ok.

main() ->
    {ok, M} = gen_event:start(),
    ok = gen_event:add_handler(M, ?MODULE, no_info),
    M ! {random, message},
    M ! {three, element, tuple},
    M ! {'$gen_cast', something},
    io:format("~p~n", [gen_event:which_handlers(M)]),
    io:format("~p~n", [gen_event:call(M, ?MODULE, get)]),
    gen_event:stop(M).
