%% Postponed events are retried, in the order they arrived, after a state
%% change, before any new message; inserted events (next_event) of the
%% changing transition come before them; a same-state transition, and
%% repeat_state, retry nothing.
-module(statem_postpone_order).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, [], []),
    [gen_statem:cast(P, {ev, N}) || N <- [1, 2, 3]],
    gen_statem:cast(P, stay),
    gen_statem:cast(P, repeat),
    gen_statem:cast(P, {ev, 4}),
    gen_statem:cast(P, open),
    gen_statem:cast(P, {ev, 5}),
    lists:reverse(gen_statem:call(P, log)).

init([]) -> {ok, closed, []}.

callback_mode() -> handle_event_function.

handle_event(cast, {ev, N}, closed, Log) ->
    {keep_state, [{postpone, N} | Log], [postpone]};
handle_event(cast, {ev, N}, open, Log) ->
    {keep_state, [{handled, N} | Log]};
handle_event(cast, stay, closed, Log) ->
    {next_state, closed, [stay | Log]};
handle_event(cast, repeat, closed, Log) ->
    {repeat_state, [repeat | Log]};
handle_event(cast, open, closed, Log) ->
    {next_state, open, [open | Log],
     [{next_event, internal, first}, {next_event, cast, second}]};
handle_event(internal, first, open, Log) ->
    {keep_state, [first | Log]};
handle_event(cast, second, open, Log) ->
    {keep_state, [second | Log]};
handle_event({call, From}, log, _, Log) ->
    {keep_state_and_data, [{reply, From, Log}]}.
