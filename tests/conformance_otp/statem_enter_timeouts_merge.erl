%% Actions of a transition and of the enter call that follows it are
%% combined: for one timeout type the enter call's (later) one wins; the
%% transition's next_events still run after the enter call; init/1's
%% actions combine with the first enter call the same way.
-module(statem_enter_timeouts_merge).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, self(), []),
    receive {fired, A} -> io:format("fired ~p~n", [A]) end,
    gen_statem:cast(P, {go, b}),
    receive {fired, B} -> io:format("fired ~p~n", [B]) end,
    gen_statem:cast(P, {go, c}),
    receive {fired, C} -> io:format("fired ~p~n", [C]) end,
    lists:reverse(gen_statem:call(P, log)).

init(Par) ->
    {ok, a, {Par, []}, [{state_timeout, 500, from_init}, {next_event, internal, init_event}]}.

callback_mode() -> [handle_event_function, state_enter].

handle_event(enter, Old, a, {Par, L}) ->
    {keep_state, {Par, [{enter, Old, a} | L]}, [{state_timeout, 10, from_enter_a}]};
handle_event(enter, Old, b, {Par, L}) ->
    {keep_state, {Par, [{enter, Old, b} | L]}, [{state_timeout, 10, from_enter_b}]};
handle_event(enter, Old, c, {Par, L}) ->
    {keep_state, {Par, [{enter, Old, c} | L]}};
handle_event(cast, {go, b}, _, {Par, L}) ->
    {next_state, b, {Par, [{go, b} | L]},
     [{state_timeout, 500, from_transition}, {next_event, internal, after_enter}]};
handle_event(cast, {go, c}, _, {Par, L}) ->
    {next_state, c, {Par, [{go, c} | L]}, [{state_timeout, 10, from_transition_c}]};
handle_event(internal, E, _, {Par, L}) ->
    {keep_state, {Par, [E | L]}};
handle_event(state_timeout, M, _, {Par, L}) ->
    Par ! {fired, M},
    {keep_state, {Par, [{state_timeout, M} | L]}};
handle_event({call, From}, log, _, {_, L}) ->
    {keep_state_and_data, {reply, From, L}}.
