%% The system message protocol as sys uses it, sent by hand:
%% {system, {Pid, Tag}, Req} answered with {Tag, Reply}: get_state
%% ({State, Data}), replace_state (the new pair; a crashing fun leaves the
%% state alone), suspend (events wait, system messages are still
%% answered), resume, an unknown request, terminate (terminate/3 runs).
-module(statem_sys_raw).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, idle/3, busy/3, terminate/3]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, 0, []),
    gen_statem:cast(P, bump),
    A = sys(P, get_state),
    B = sys(P, {replace_state, fun({idle, N}) -> {busy, N * 10} end}),
    C = gen_statem:call(P, where),
    {error, {callback_failed, {gen_statem, system_replace_state}, {error, Why}}} =
        sys(P, {replace_state, fun(_) -> error(no_good) end}),
    D = sys(P, get_state),
    ok = sys(P, suspend),
    gen_statem:cast(P, bump),
    E = sys(P, get_state),
    {status, P, {module, gen_statem}, [_, Sys, _, _, _]} = sys(P, get_status),
    ok = sys(P, resume),
    F = gen_statem:call(P, where),
    G = sys(P, something_else),
    Ref = monitor(process, P),
    ok = sys(P, {terminate, {shutdown, sys}}),
    H = receive {'DOWN', Ref, process, P, R} -> R end,
    {A, B, C, Why, D, E, Sys, F, G, H}.

sys(P, Req) ->
    Tag = make_ref(),
    P ! {system, {self(), Tag}, Req},
    receive {Tag, Reply} -> Reply end.

init(N) -> {ok, idle, N}.

callback_mode() -> state_functions.

idle(cast, bump, N) -> {keep_state, N + 1};
idle({call, From}, where, N) -> {keep_state_and_data, {reply, From, {idle, N}}}.

busy(cast, bump, N) -> {keep_state, N + 1};
busy({call, From}, where, N) -> {keep_state_and_data, {reply, From, {busy, N}}}.

terminate(R, S, D) -> io:format("terminate(~p, ~p, ~p)~n", [R, S, D]).
