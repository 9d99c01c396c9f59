%% gen_event: every return shape of handle_call/2: {ok, R, S},
%% {ok, R, S, hibernate}, {remove_handler, R}, {swap_handler, R, A1, S, H2, A2},
%% a crash ({error, {'EXIT', ...}} to the caller, handler removed), a bad
%% return ({error, Bad}), a thrown value, and a call to a missing handler.
-module(event_call_shapes).
-export([main/0, init/1, handle_event/2, handle_call/2, terminate/2]).

init({swapped_in, {Args, FromOld}}) ->
    io:format("init of swapped handler: ~p ~p~n", [Args, FromOld]),
    {ok, {new, FromOld}};
init(N) -> {ok, N}.

handle_event(_, S) -> {ok, S}.

handle_call(plain, S) -> {ok, {plain, S}, S + 1};
handle_call(hib, S) -> {ok, {hib, S}, S + 10, hibernate};
handle_call(remove, S) -> {remove_handler, {removed, S}};
handle_call(swap, S) -> {swap_handler, swap_reply, old_args, S * 2, {?MODULE, swapped}, swapped_in};
handle_call(crash, _S) -> exit(crashed_in_call);
handle_call(bad, _S) -> {what, ever};
handle_call(throw, S) -> throw({ok, thrown_reply, S});
handle_call(get, S) -> {ok, S, S}.

terminate(Why, S) ->
    io:format("terminate(~p, ~p)~n", [Why, S]),
    {term_result, S}.

main() ->
    {ok, M} = gen_event:start(),
    H = {?MODULE, h},
    ok = gen_event:add_handler(M, H, 1),
    C = fun(Handler, Q) -> io:format("~p -> ~p~n", [Q, gen_event:call(M, Handler, Q)]) end,
    C(H, plain),
    C(H, hib),
    C(H, throw),
    C(H, get),
    C(H, swap),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    C({?MODULE, swapped}, get),
    C({?MODULE, swapped}, remove),
    ok = gen_event:add_handler(M, H, 5),
    C(H, crash),
    ok = gen_event:add_handler(M, H, 6),
    C(H, bad),
    C(H, get),
    C(?MODULE, get),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    gen_event:stop(M).
