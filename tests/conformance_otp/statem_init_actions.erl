%% init/1's actions: next_events run first (before any message), postpone
%% is ignored there, a reply to a From made up by the caller arrives,
%% timeouts start, hibernate is accepted; a bad action kills the machine
%% after start returned {ok, Pid}.
-module(statem_init_actions).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    Me = self(),
    {ok, P} = gen_statem:start(?MODULE, {good, Me}, []),
    Got = receive {made_up_tag, X} -> X end,
    receive {fired, T} -> ok end,
    Log = lists:reverse(gen_statem:call(P, log)),
    {ok, {P2, Ref}} = gen_statem:start_monitor(?MODULE, bad, []),
    Bad = receive {'DOWN', Ref, process, P2, {R, St}} when is_list(St) -> R end,
    {Got, T, Log, Bad}.

init({good, Par}) ->
    gen_statem:cast(self(), first_message),
    {ok, s, {Par, []}, [{next_event, internal, one}, postpone, {reply, {Par, made_up_tag}, hello},
                        {next_event, internal, two}, {state_timeout, 10, st}, hibernate]};
init(bad) ->
    {ok, s, [], [{next_event, internal, one}, {not_an, action}]}.

callback_mode() -> handle_event_function.

handle_event(state_timeout, M, _, {Par, L}) ->
    Par ! {fired, M},
    {keep_state, {Par, [{state_timeout, M} | L]}};
handle_event({call, From}, log, _, {_, L}) -> {keep_state_and_data, {reply, From, L}};
handle_event(T, M, _, {Par, L}) -> {keep_state, {Par, [{T, M} | L]}}.
