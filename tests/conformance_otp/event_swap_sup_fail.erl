%% gen_event: a supervised handler that swaps (from handle_event) into a
%% handler whose init fails: the supervisor gets {gen_event_EXIT, Old,
%% {swapped, New, Pid}}, then {gen_event_EXIT, New, Reason} with init's
%% return value; a swap from handle_call that fails still replies.
-module(event_swap_sup_fail).
-export([main/0, init/1, handle_event/2, handle_call/2, terminate/2]).

init({fail, _}) -> {error, init_failed};
init({exit, _}) -> exit(init_exited);
init(S) -> {ok, S}.

handle_event({swap, To}, S) -> {swap_handler, bye, S, {?MODULE, To}, To};
handle_event(_, S) -> {ok, S}.

handle_call({swap, To}, S) -> {swap_handler, {reply, To}, bye, S, {?MODULE, To}, To};
handle_call(get, S) -> {ok, S, S}.

terminate(_, S) -> S.

flush(Self) ->
    receive
        {gen_event_EXIT, H, {swapped, New, Pid}} ->
            io:format("EXIT ~p swapped ~p ~p~n", [H, New, Pid =:= Self]), flush(Self);
        {gen_event_EXIT, H, R} ->
            io:format("EXIT ~p ~p~n", [H, R]), flush(Self)
    after 0 -> ok
    end.

main() ->
    Self = self(),
    {ok, M} = gen_event:start(),
    ok = gen_event:add_sup_handler(M, {?MODULE, a}, a),
    ok = gen_event:sync_notify(M, {swap, fail}),
    flush(Self),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    ok = gen_event:add_sup_handler(M, {?MODULE, b}, b),
    io:format("~p~n", [gen_event:call(M, {?MODULE, b}, {swap, exit})]),
    flush(Self),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    ok = gen_event:add_sup_handler(M, {?MODULE, c}, c),
    io:format("~p~n", [gen_event:call(M, {?MODULE, c}, {swap, d})]),
    flush(Self),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    ok = gen_event:stop(M),
    flush(Self),
    ok.
