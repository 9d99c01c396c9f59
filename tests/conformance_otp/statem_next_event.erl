%% next_event with every event type: internal, cast, info, {call, From}
%% (the reply goes to the From given), timeout types; inserted events run
%% in order, before queued messages; a next_event in an inserted event's
%% transition runs before the rest of the earlier ones.
-module(statem_next_event).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, [], []),
    gen_statem:cast(P, go),
    gen_statem:cast(P, queued),
    Me = self(),
    R = gen_statem:call(P, {fake_call, Me}),
    Fake = receive {fake, X} -> X after 1000 -> none end,
    {R, Fake, lists:reverse(gen_statem:call(P, log))}.

init([]) -> {ok, s, []}.

callback_mode() -> handle_event_function.

handle_event(cast, go, _, Log) ->
    {keep_state, [go | Log],
     [{next_event, internal, i1}, {next_event, cast, c1}, {next_event, info, n1},
      {next_event, state_timeout, st1}, {next_event, {timeout, g}, g1},
      {next_event, timeout, t1}]};
handle_event(internal, i1, _, Log) ->
    {keep_state, [i1 | Log], [{next_event, internal, nested_a}, {next_event, internal, nested_b}]};
handle_event({call, From}, {fake_call, Pid}, _, Log) ->
    {keep_state, [fake_call | Log],
     [{next_event, {call, {Pid, fake}}, question}, {reply, From, real}]};
handle_event({call, {_, fake} = From}, question, _, Log) ->
    {keep_state, [question | Log], [{reply, From, answer}]};
handle_event({call, From}, log, _, Log) ->
    {keep_state_and_data, [{reply, From, Log}]};
handle_event(Type, Msg, _, Log) ->
    {keep_state, [{Type, Msg} | Log]}.
