%% gen_statem, handle_event_function: any term as the state, calls/casts/infos,
%% next_state / keep_state / keep_state_and_data, replies as actions.
-module(statem_hef_basic).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, 10, []),
    A = gen_statem:call(P, get),
    gen_statem:cast(P, {add, 5}),
    P ! {info, 100},
    B = gen_statem:call(P, get),
    C = gen_statem:call(P, {go, {counting, 2}}),
    gen_statem:cast(P, {add, 1}),
    D = gen_statem:call(P, get),
    E = gen_statem:call(P, {go, [list, "state"]}),
    F = gen_statem:call(P, get),
    {A, B, C, D, E, F}.

init(N) -> {ok, {idle, 0}, N}.

callback_mode() -> handle_event_function.

handle_event({call, From}, get, State, Data) ->
    {keep_state_and_data, [{reply, From, {State, Data}}]};
handle_event({call, From}, {go, S}, State, Data) ->
    {next_state, S, Data, [{reply, From, {was, State}}]};
handle_event(cast, {add, N}, {counting, K}, Data) ->
    {next_state, {counting, K + 1}, Data + N};
handle_event(cast, {add, N}, _State, Data) ->
    {keep_state, Data + N};
handle_event(info, {info, N}, _State, Data) ->
    {keep_state, Data * N}.
