%% Postponing inserted events (next_event) and timeout events: they are
%% retried after the next state change like received ones; an event
%% timeout set on a state change is cancelled by the retried events.
-module(statem_postpone_inserted).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, self(), []),
    gen_statem:cast(P, start),
    receive {fired, _} -> ok end,
    gen_statem:cast(P, open),
    receive after 100 -> ok end,
    lists:reverse(gen_statem:call(P, log)).

init(Par) -> {ok, closed, {Par, []}}.

callback_mode() -> handle_event_function.

handle_event(cast, start, closed, {Par, L}) ->
    {keep_state, {Par, [start | L]},
     [{next_event, internal, i1}, {next_event, cast, c1}, {state_timeout, 10, st}]};
handle_event(state_timeout, st, closed, {Par, L}) ->
    Par ! {fired, st},
    {keep_state, {Par, [{postpone, state_timeout} | L]}, [postpone]};
handle_event(cast, open, closed, {Par, L}) ->
    {next_state, open, {Par, [open | L]}, [{timeout, 30, ev}]};
handle_event(Type, Msg, closed, {Par, L}) ->
    {keep_state, {Par, [{postpone, Type, Msg} | L]}, [postpone]};
handle_event({call, From}, log, _, {_, L}) ->
    {keep_state_and_data, {reply, From, L}};
handle_event(Type, Msg, open, {Par, L}) ->
    {keep_state, {Par, [{Type, Msg} | L]}}.
