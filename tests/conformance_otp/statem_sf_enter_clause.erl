%% state_functions + state_enter where a state function has no enter
%% clause: the first enter call (right after start returned) crashes with
%% function_clause and terminate/3 sees the initial state; a machine whose
%% enter clause matches only some old states crashes on the others.
-module(statem_sf_enter_clause).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, no_enter/3, picky/3, start/3, terminate/3]).

main() ->
    {ok, {P, Ref}} = gen_statem:start_monitor(?MODULE, no_enter, []),
    A = receive {'DOWN', Ref, process, P, {R1, S1}} when is_list(S1) -> R1 end,
    {ok, {P2, Ref2}} = gen_statem:start_monitor(?MODULE, start, []),
    ok = gen_statem:call(P2, {go, picky}),
    B = gen_statem:call(P2, where),
    gen_statem:cast(P2, {go, start}),
    gen_statem:cast(P2, {go, picky}),
    C = receive {'DOWN', Ref2, process, P2, {R2, S2}} when is_list(S2) -> R2 end,
    {A, B, C}.

init(First) -> {ok, First, []}.

callback_mode() -> [state_functions, state_enter].

no_enter(cast, _, _) -> keep_state_and_data.

start(enter, _, L) -> {keep_state, [start | L]};
start({call, From}, {go, S}, L) -> {next_state, S, L, {reply, From, ok}};
start(cast, {go, S}, L) -> {next_state, S, L}.

picky(enter, start, [start] = L) -> {keep_state, [picky | L]};
picky({call, From}, where, L) -> {keep_state_and_data, {reply, From, lists:reverse(L)}};
picky(cast, {go, S}, L) -> {next_state, S, L}.

terminate(R, S, D) -> io:format("terminate(~p, ~p, ~p)~n", [R, S, D]).
