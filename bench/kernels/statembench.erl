%% statembench.erl — gen_statem kernels (docs/behaviours_statem.md), run by
%% `hl run --grant processes` and by erl for the BEAM figures, as
%% procbench.erl is. Not rows of bench/run.sh.
-module(statembench).
-behaviour(gen_statem).
-export([call/1, call_sf/1, cast_call/1, start_stop/1]).
-export([init/1, callback_mode/0, handle_event/4, counting/3]).

%% N gen_statem:call round trips (handle_event_function, reply action).
call(N) ->
    {ok, P} = gen_statem:start(?MODULE, handle_event_function, []),
    call_n(P, N),
    gen_statem:stop(P).

%% The same with state_functions.
call_sf(N) ->
    {ok, P} = gen_statem:start(?MODULE, state_functions, []),
    call_n(P, N),
    gen_statem:stop(P).

call_n(_, 0) -> ok;
call_n(P, N) -> N = gen_statem:call(P, N), call_n(P, N - 1).

%% N casts, then one call.
cast_call(N) ->
    {ok, P} = gen_statem:start(?MODULE, handle_event_function, []),
    cast_n(P, N),
    N = gen_statem:call(P, count),
    gen_statem:stop(P).

cast_n(_, 0) -> ok;
cast_n(P, N) -> gen_statem:cast(P, N), cast_n(P, N - 1).

%% N machines started and stopped one after the other.
start_stop(0) -> ok;
start_stop(N) ->
    {ok, P} = gen_statem:start(?MODULE, handle_event_function, []),
    ok = gen_statem:stop(P),
    start_stop(N - 1).

init(Mode) -> self() ! {mode, Mode}, {ok, counting, {Mode, 0}}.

callback_mode() ->
    receive {mode, M} -> M after 0 -> handle_event_function end.

handle_event({call, From}, count, _, {_, C}) -> {keep_state_and_data, [{reply, From, C}]};
handle_event({call, From}, X, _, _) -> {keep_state_and_data, [{reply, From, X}]};
handle_event(cast, _, _, {M, C}) -> {keep_state, {M, C + 1}}.

counting({call, From}, X, _) -> {keep_state_and_data, [{reply, From, X}]}.
