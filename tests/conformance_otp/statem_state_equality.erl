%% A state change is decided by =:=: 1 -> 1.0 is a change (enter call,
%% postponed events retried, state timeout cancelled); a state equal by
%% =:= (a rebuilt tuple or map) is not.
-module(statem_state_equality).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, [], []),
    gen_statem:cast(P, held),
    gen_statem:cast(P, {goto, 1}),
    gen_statem:cast(P, held2),
    gen_statem:cast(P, {goto, 1.0}),
    gen_statem:cast(P, {goto, {t, #{k => [1]}}}),
    gen_statem:cast(P, held3),
    gen_statem:cast(P, {goto, {t, #{k => [1]}}}),
    gen_statem:cast(P, {goto, {t, #{k => [1.0]}}}),
    lists:reverse(gen_statem:call(P, log)).

init([]) -> {ok, 1, []}.

callback_mode() -> [handle_event_function, state_enter].

handle_event(enter, Old, S, L) -> {keep_state, [{enter, Old, S} | L]};
handle_event(cast, {goto, S}, _, L) -> {next_state, S, [{goto, S} | L]};
handle_event(cast, E, S, L) ->
    case lists:member({retried, E}, L) orelse lists:member({held, E, S}, L) of
        true -> {keep_state, [{retried, E} | L]};
        false -> {keep_state, [{held, E, S} | L], postpone}
    end;
handle_event({call, From}, log, _, L) -> {keep_state_and_data, {reply, From, L}}.
