%% push_callback_module / pop_callback_module / change_callback_module
%% with this module itself (a one-module program): the callback mode is
%% read again, the machine goes on; popping the last module, or a module
%% action in an enter call, is a bad action.
-module(statem_callback_module).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, [], []),
    A = gen_statem:call(P, {act, [{push_callback_module, ?MODULE}]}),
    B = gen_statem:call(P, {act, [pop_callback_module]}),
    C = gen_statem:call(P, {act, [{change_callback_module, ?MODULE}]}),
    Ref = monitor(process, P),
    gen_statem:cast(P, {act_cast, [pop_callback_module]}),
    D = receive {'DOWN', Ref, process, P, {Reason, St}} when is_list(St) -> Reason end,
    {ok, {P2, Ref2}} = gen_statem:start_monitor(?MODULE, [], []),
    gen_statem:cast(P2, {goto, entering}),
    E = receive {'DOWN', Ref2, process, P2, {Reason2, St2}} when is_list(St2) -> Reason2 end,
    {A, B, C, D, E}.

init([]) -> {ok, s, 0}.

callback_mode() -> [handle_event_function, state_enter].

handle_event(enter, _, entering, _) -> {keep_state_and_data, [{push_callback_module, ?MODULE}]};
handle_event(enter, _, _, N) -> {keep_state, N + 1};
handle_event({call, From}, {act, As}, _, N) -> {keep_state, N, As ++ [{reply, From, {ok, N}}]};
handle_event(cast, {act_cast, As}, _, _) -> {keep_state_and_data, As};
handle_event(cast, {goto, S}, _, N) -> {next_state, S, N}.
