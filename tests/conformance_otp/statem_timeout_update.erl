%% {Type, update, Msg}: changes the message of a running timeout without
%% restarting it; with no timeout running it fires at once (as a zero
%% timeout). Works for state_timeout and generic timeouts.
-module(statem_timeout_update).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, self(), []),
    gen_statem:cast(P, {arm, [{state_timeout, 40, old}]}),
    gen_statem:cast(P, {arm, [{state_timeout, update, new}]}),
    receive {fired, _, _} -> ok end,
    gen_statem:cast(P, {arm, [{{timeout, g}, update, immediate}]}),
    receive {fired, _, _} -> ok end,
    gen_statem:cast(P, {arm, [{{timeout, g}, 30, g_old}, {{timeout, h}, 60, h_msg}]}),
    gen_statem:cast(P, {arm, [{{timeout, g}, update, g_new}]}),
    receive {fired, {timeout, h}, _} -> ok end,
    gen_statem:cast(P, {arm, [{timeout, update, ev}]}),
    receive {fired, timeout, _} -> ok end,
    lists:reverse(gen_statem:call(P, log)).

init(Parent) -> {ok, s, {Parent, []}}.

callback_mode() -> handle_event_function.

handle_event(cast, {arm, As}, _, {Par, Log}) ->
    {keep_state, {Par, [{arm, As} | Log]}, As};
handle_event({call, From}, log, _, {_, Log}) ->
    {keep_state_and_data, [{reply, From, Log}]};
handle_event(Type, Msg, _, {Par, Log}) ->
    Par ! {fired, Type, Msg},
    {keep_state, {Par, [{fired, Type, Msg} | Log]}}.
