%% An event postponed again after a retry keeps its place before events
%% postponed later; the retried ones run in arrival order at each change.
-module(statem_postpone_twice).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, [], []),
    [gen_statem:cast(P, E) || E <- [{e, 1, c}, {e, 2, b}, {go, b}, {e, 3, c}, {e, 4, b}, {go, c}, {e, 5, c}]],
    lists:reverse(gen_statem:call(P, log)).

init([]) -> {ok, a, []}.

callback_mode() -> handle_event_function.

handle_event(cast, {go, S}, _, L) -> {next_state, S, [{go, S} | L]};
handle_event(cast, {e, N, S}, S, L) -> {keep_state, [{handled, N, S} | L]};
handle_event(cast, {e, N, _}, S, L) -> {keep_state, [{postponed, N, S} | L], postpone};
handle_event({call, From}, log, _, L) -> {keep_state_and_data, {reply, From, L}}.
