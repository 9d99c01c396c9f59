%% hibernate, {hibernate,true|false} actions: the machine keeps its state,
%% data, timers and postponed events across hibernation, and a hibernate
%% with events still queued goes on handling them.
-module(statem_hibernate).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, self(), []),
    gen_statem:cast(P, {add, 1, [hibernate]}),
    gen_statem:cast(P, {add, 2, [{hibernate, true}, {{timeout, t}, 20, tick}]}),
    gen_statem:cast(P, {later, 3}),
    gen_statem:cast(P, {add, 4, [{hibernate, false}]}),
    receive tick_done -> ok end,
    gen_statem:cast(P, {add, 5, [hibernate, {next_event, internal, {add, 6}}, {next_event, internal, {add, 7}}]}),
    gen_statem:call(P, get).

init(Par) -> {ok, collecting, {Par, []}, [hibernate]}.

callback_mode() -> handle_event_function.

handle_event(cast, {add, N, As}, _, {Par, L}) -> {keep_state, {Par, [N | L]}, As};
handle_event(internal, {add, N}, _, {Par, L}) -> {keep_state, {Par, [N | L]}, [hibernate]};
handle_event(cast, {later, _}, collecting, _) -> {keep_state_and_data, [postpone, hibernate]};
handle_event(cast, {later, N}, released, {Par, L}) -> {keep_state, {Par, [{later, N} | L]}};
handle_event({timeout, t}, tick, _, {Par, L}) ->
    Par ! tick_done,
    {next_state, released, {Par, [tick | L]}, [hibernate]};
handle_event({call, From}, get, S, {_, L}) -> {keep_state_and_data, [{reply, From, {S, lists:reverse(L)}}, hibernate]}.
