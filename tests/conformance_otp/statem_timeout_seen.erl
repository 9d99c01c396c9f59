%% Several timeout actions of one type in one action list: the last wins;
%% {timeout,T,M,Opts} with [] and [{abs,false}] is relative; a bad option
%% list or a negative time is a bad action.
-module(statem_timeout_seen).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, self(), []),
    gen_statem:cast(P, {arm, [{timeout, 0, a}, {timeout, 10, b}, {timeout, 20, c}]}),
    receive {fired, _, _} -> ok end,
    gen_statem:cast(P, {arm, [{state_timeout, 10, x, []}, {state_timeout, 5, y, [{abs, false}]}]}),
    receive {fired, _, _} -> ok end,
    gen_statem:cast(P, {arm, [{{timeout, n}, 0, n1, {abs, false}}]}),
    receive {fired, _, _} -> ok end,
    Log = lists:reverse(gen_statem:call(P, log)),
    io:format("~p~n", [Log]),
    Bad = [{timeout, -1, neg}, {state_timeout, 10, m, [{abs, maybe}]},
           {state_timeout, 10, m, [bad]}, {timeout, soon, m}, {other_timeout, 5, m},
           {{timeout, n}, 5}, {state_timeout, -5, m, []}],
    [io:format("~p~n", [bad(A)]) || A <- Bad],
    done.

bad(Action) ->
    {ok, {P, Ref}} = gen_statem:start_monitor(?MODULE, self(), []),
    gen_statem:cast(P, {arm, [Action]}),
    receive {'DOWN', Ref, process, P, {Reason, _Stack}} -> Reason end.

init(Parent) -> {ok, s, {Parent, []}}.

callback_mode() -> handle_event_function.

handle_event(cast, {arm, As}, _, {Par, Log}) ->
    {keep_state, {Par, [arm | Log]}, As};
handle_event({call, From}, log, _, {_, Log}) ->
    {keep_state_and_data, [{reply, From, Log}]};
handle_event(Type, Msg, _, {Par, Log}) ->
    Par ! {fired, Type, Msg},
    {keep_state, {Par, [{fired, Type, Msg} | Log]}}.
