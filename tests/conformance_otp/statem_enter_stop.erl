%% An enter call may stop the machine ({stop,R}, {stop,R,D}, stop,
%% stop_and_reply answering the caller of the transition); the first enter
%% call (right after init) stopping makes start return {ok, Pid} and the
%% process die.
-module(statem_enter_stop).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4, terminate/3]).

main() ->
    [io:format("~p -> ~p~n", [C, run(C)]) || C <- [stop, stop_r, stop_rd, sar, at_init]],
    done.

run(C) ->
    {ok, {P, Ref}} = gen_statem:start_monitor(?MODULE, C, []),
    R = case C of
            at_init -> not_called;
            _ -> catch gen_statem:call(P, go)
        end,
    R1 = case R of {'EXIT', {Why, {gen_statem, call, _}}} -> {call_exit, Why}; _ -> R end,
    receive {'DOWN', Ref, process, P, Reason} -> {R1, Reason} end.

init(C) -> {ok, start, C}.

callback_mode() -> [handle_event_function, state_enter].

handle_event(enter, _, start, at_init) -> {stop, at_init_enter};
handle_event(enter, _, start, _) -> keep_state_and_data;
handle_event({call, From}, go, start, C) -> {next_state, {stopping, From}, C};
handle_event(enter, start, {stopping, _}, stop) -> stop;
handle_event(enter, start, {stopping, _}, stop_r) -> {stop, enter_reason};
handle_event(enter, start, {stopping, _}, stop_rd) -> {stop, enter_reason, new_data};
handle_event(enter, start, {stopping, From}, sar) -> {stop_and_reply, normal, {reply, From, bye}}.

terminate(R, S, D) -> io:format("  terminate(~p, ~p, ~p)~n", [R, element(1, tuple(S)), D]).

tuple(T) when is_tuple(T) -> T;
tuple(A) -> {A}.
