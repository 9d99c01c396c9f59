%% gen_event: handle_event and handle_info returning {swap_handler, ...}:
%% the old handler's terminate(Args1, State1) result goes to the new
%% handler's init({Args2, Result}), which takes the old one's place in
%% the list; an init that fails removes it.
-module(event_swap_event).
-export([main/0, init/1, handle_event/2, handle_call/2, handle_info/2, terminate/2]).

init({Args2, Res}) ->
    io:format("init({~p, ~p})~n", [Args2, Res]),
    case Args2 of
        fail -> {error, no_thanks};
        hib -> {ok, {from, Res}, hibernate};
        _ -> {ok, {from, Res}}
    end;
init(S) -> {ok, S}.

handle_event({swap, Id2, A2}, S) ->
    {swap_handler, {old_args, S}, {state1, S}, {?MODULE, Id2}, A2};
handle_event(E, S) ->
    io:format("~p sees ~p~n", [S, E]),
    {ok, S}.

handle_info({swap, Id2, A2}, S) ->
    {swap_handler, info_args, S, {?MODULE, Id2}, A2};
handle_info(_, S) -> {ok, S}.

handle_call(get, S) -> {ok, S, S}.

terminate(Why, S) ->
    io:format("terminate(~p, ~p)~n", [Why, S]),
    {terminated, S}.

main() ->
    {ok, M} = gen_event:start(),
    ok = gen_event:add_handler(M, {?MODULE, x}, x),
    ok = gen_event:add_handler(M, {?MODULE, y}, y),
    ok = gen_event:add_handler(M, {?MODULE, z}, z),
    %% every handler swaps: x, y and z become x2, y2 and z2
    gen_event:sync_notify(M, {swap, two, ok}),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    io:format("~p~n", [gen_event:call(M, {?MODULE, two}, get)]),
    gen_event:sync_notify(M, hello),
    %% the first handler swaps into an init that fails: it is gone, and the
    %% rest swap into {?MODULE, two} again
    gen_event:sync_notify(M, {swap, two, fail}),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    ok = gen_event:add_handler(M, {?MODULE, w}, w),
    M ! {swap, three, hib},
    io:format("~p~n", [gen_event:which_handlers(M)]),
    gen_event:stop(M).
