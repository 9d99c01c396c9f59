%% Plain messages are info events, including {timeout, Ref, Msg} messages
%% of timers the machine did not start itself through an action; a
%% cancelled timeout's message never arrives even when cancelled late.
-module(statem_info_timer_msgs).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, [], []),
    P ! plain,
    P ! {timeout, make_ref(), state_timeout},
    P ! {timeout, make_ref(), timeout},
    P ! {'$gen_cast', as_cast},
    P ! {'$gen_call', not_a_from, x},
    ok = gen_statem:call(P, own_timer),
    receive after 60 -> ok end,
    %% a 10 ms state timeout cancelled after it has expired (its message is
    %% queued): the change of state must flush it
    ok = gen_statem:call(P, {arm_and_sleep, 10, 60}),
    ok = gen_statem:call(P, change),
    receive after 30 -> ok end,
    lists:reverse(gen_statem:call(P, log)).

init([]) -> {ok, a, []}.

callback_mode() -> handle_event_function.

handle_event({call, From}, own_timer, _, L) ->
    erlang:start_timer(10, self(), mine),
    {keep_state, [own_timer | L], {reply, From, ok}};
handle_event({call, From}, {arm_and_sleep, T, S}, _, L) ->
    {keep_state, [arm | L], [{state_timeout, T, late}, {reply, From, ok},
                             {next_event, internal, {sleep, S}}]};
handle_event(internal, {sleep, S}, _, L) ->
    receive after S -> ok end,
    {keep_state, [slept | L]};
handle_event({call, From}, change, a, L) ->
    {next_state, b, [change | L], {reply, From, ok}};
handle_event({call, From}, log, _, L) ->
    {keep_state_and_data, {reply, From, L}};
handle_event(info, {timeout, R, M}, _, L) when is_reference(R) ->
    {keep_state, [{info_timeout, M} | L]};
handle_event(Type, Msg, _, L) ->
    {keep_state, [{Type, Msg} | L]}.
