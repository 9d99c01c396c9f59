%% gen_event: what add_handler returns when init/1 does not return
%% {ok, State}: {error, R}, any other term, a throw (taken as the return
%% value), exit and error (the {'EXIT', Reason} of catch); nothing is
%% installed in those cases. {ok, S, hibernate} installs.
-module(event_add_errors).
-export([main/0, init/1, handle_event/2, handle_call/2]).

init({error, R}) -> {error, R};
init(ignore_me) -> ignore;
init({throw, T}) -> throw(T);
init({exit, R}) -> exit(R);
init({error_exc, R}) -> error(R);
init(hib) -> {ok, hib_state, hibernate};
init(ok) -> {ok, fine}.

handle_event(_, S) -> {ok, S}.
handle_call(state, S) -> {ok, S, S}.

main() ->
    {ok, M} = gen_event:start(),
    Show = fun(Id, Args) ->
                   R = gen_event:add_handler(M, {?MODULE, Id}, Args),
                   R1 = case R of
                            {'EXIT', {Reason, Stack}} when is_list(Stack) -> {'EXIT', {Reason, stack}};
                            _ -> R
                        end,
                   io:format("~p: ~p~n", [Id, R1])
           end,
    Show(1, {error, nope}),
    Show(2, ignore_me),
    Show(3, {throw, {ok, thrown}}),
    Show(4, {throw, other}),
    Show(5, {exit, bye}),
    Show(6, {error_exc, badness}),
    Show(7, hib),
    Show(8, ok),
    Show(9, no_such_clause),
    io:format("~p~n", [gen_event:which_handlers(M)]),
    io:format("~p ~p ~p~n", [gen_event:call(M, {?MODULE, 3}, state),
                             gen_event:call(M, {?MODULE, 7}, state),
                             gen_event:call(M, {?MODULE, 8}, state)]),
    gen_event:stop(M).
