%% gen_event:swap_handler/3: terminate(Args1, State) of the old handler,
%% then init({Args2, Result}) of the new one (added first in the list); a
%% missing old handler gives init({Args2, error}); a failing new init gives
%% {error, Reason}.
-module(event_swap_api).
-export([main/0, init/1, handle_event/2, handle_call/2, terminate/2]).

init({fail, Res}) -> io:format("init fail ~p~n", [Res]), {error, {refused, Res}};
init({crash, _}) -> exit(init_crash);
init({A, Res}) -> io:format("init ~p ~p~n", [A, Res]), {ok, {A, Res}};
init(S) -> {ok, S}.

handle_event(_, S) -> {ok, S}.
handle_call(get, S) -> {ok, S, S}.

terminate(Why, S) ->
    io:format("terminate(~p, ~p)~n", [Why, S]),
    {state_was, S}.

main() ->
    {ok, M} = gen_event:start(),
    ok = gen_event:add_handler(M, {?MODULE, a}, sa),
    ok = gen_event:add_handler(M, {?MODULE, b}, sb),
    R1 = gen_event:swap_handler(M, {{?MODULE, a}, to_c}, {{?MODULE, c}, new_c}),
    io:format("swap a->c: ~p ~p~n", [R1, gen_event:which_handlers(M)]),
    io:format("c state: ~p~n", [gen_event:call(M, {?MODULE, c}, get)]),
    R2 = gen_event:swap_handler(M, {{?MODULE, nope}, x}, {{?MODULE, d}, new_d}),
    io:format("swap nope->d: ~p ~p~n", [R2, gen_event:which_handlers(M)]),
    R3 = gen_event:swap_handler(M, {{?MODULE, b}, to_e}, {{?MODULE, e}, fail}),
    io:format("swap b->e: ~p ~p~n", [R3, gen_event:which_handlers(M)]),
    R4 = gen_event:swap_handler(M, {{?MODULE, d}, to_f}, {{?MODULE, f}, crash}),
    io:format("swap d->f: ~p ~p~n", [R4, gen_event:which_handlers(M)]),
    gen_event:stop(M).
