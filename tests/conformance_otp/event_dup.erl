%% gen_event: the same handler may be added twice (OTP does not check);
%% calls and deletes then find the most recently added one first.
-module(event_dup).
-export([main/0, init/1, handle_event/2, handle_call/2, terminate/2]).

init(Tag) -> {ok, Tag}.
handle_event(E, Tag) -> io:format("~p: ~p~n", [Tag, E]), {ok, Tag}.
handle_call(tag, Tag) -> {ok, Tag, Tag}.
terminate(Why, Tag) -> io:format("terminate ~p ~p~n", [Tag, Why]), Tag.

main() ->
    {ok, M} = gen_event:start(),
    ok = gen_event:add_handler(M, ?MODULE, first),
    ok = gen_event:add_handler(M, ?MODULE, second),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    gen_event:sync_notify(M, ping),
    io:format("call ~p~n", [gen_event:call(M, ?MODULE, tag)]),
    io:format("delete ~p~n", [gen_event:delete_handler(M, ?MODULE, x)]),
    io:format("call ~p~n", [gen_event:call(M, ?MODULE, tag)]),
    io:format("delete ~p~n", [gen_event:delete_handler(M, ?MODULE, y)]),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    gen_event:stop(M).
