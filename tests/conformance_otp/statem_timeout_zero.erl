%% Zero timeouts: they run before any message not yet received (even one
%% already in the mailbox), in the order their actions were given; an
%% inserted event (next_event) cancels a zero event timeout but not a zero
%% state or generic timeout; a state change cancels a zero state timeout.
-module(statem_timeout_zero).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, [], []),
    gen_statem:cast(P, {arm, [{{timeout, b}, 0, b0}, {state_timeout, 0, s0},
                              {timeout, 0, e0}, {{timeout, a}, 0, a0}]}),
    gen_statem:cast(P, after_arm),
    gen_statem:cast(P, {arm, [{timeout, 0, e1}, {next_event, internal, inserted},
                              {state_timeout, 0, s1}]}),
    gen_statem:cast(P, {arm_goto, [{state_timeout, 0, s2}, {{timeout, c}, 0, c2}]}),
    gen_statem:cast(P, {arm, [{timeout, 0, e3}, {timeout, 0, e3b}]}),
    lists:reverse(gen_statem:call(P, log)).

init([]) -> {ok, s, []}.

callback_mode() -> handle_event_function.

handle_event(cast, {arm, As}, _, Log) ->
    {keep_state, [arm | Log], As};
handle_event(cast, {arm_goto, As}, S, Log) ->
    {next_state, {next, S}, [arm_goto | Log], As ++ [{next_event, internal, moved}]};
handle_event({call, From}, log, _, Log) ->
    {keep_state_and_data, [{reply, From, Log}]};
handle_event(Type, Msg, _, Log) ->
    {keep_state, [{Type, Msg} | Log]}.
