%% start_monitor/3,4: {ok, {Pid, Ref}}; the monitor reports the stop reason;
%% failures return the error and leave no monitor message behind.
-module(statem_init_monitor).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4, terminate/3]).

main() ->
    {ok, {P, Ref}} = gen_statem:start_monitor(?MODULE, ok, []),
    true = is_pid(P), true = is_reference(Ref),
    gen_statem:cast(P, {stop, bye}),
    R1 = receive {'DOWN', Ref, process, P, Why} -> Why end,
    R2 = gen_statem:start_monitor(?MODULE, stop, []),
    R3 = gen_statem:start_monitor(?MODULE, ignore, []),
    {ok, {P2, Ref2}} = gen_statem:start_monitor({local, named_m}, ?MODULE, ok, []),
    P2 = whereis(named_m),
    R4 = gen_statem:start_monitor({local, named_m}, ?MODULE, ok, []),
    Same = case R4 of {error, {already_started, P2}} -> already_started_same_pid; X -> X end,
    ok = gen_statem:stop(named_m, {shutdown, done}, infinity),
    R5 = receive {'DOWN', Ref2, process, P2, Why2} -> Why2 end,
    Left = receive M -> M after 20 -> none end,
    {R1, R2, R3, Same, R5, Left}.

init(ok) -> {ok, s, d};
init(stop) -> {stop, nope};
init(ignore) -> ignore.

callback_mode() -> handle_event_function.

handle_event(cast, {stop, R}, _, _) -> {stop, R}.

terminate(R, S, D) -> io:format("terminate ~p ~p ~p~n", [R, S, D]).
