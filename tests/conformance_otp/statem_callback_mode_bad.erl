%% callback_mode/0 is called after init/1 acknowledged the start: a bad
%% result (or a crash in it) still returns {ok, Pid}, then the process dies
%% with {bad_return_from_callback_mode, R} (error class: the exit reason is
%% {Reason, Stacktrace}). A list mode with state_enter twice is fine.
-module(statem_callback_mode_bad).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4, s/3]).

main() ->
    [io:format("~p -> ~p~n", [M, run(M)]) || M <- [bad_atom, empty_list, only_enter, crash, throw_hef, double_enter, both_modes]],
    done.

run(Mode) ->
    {ok, {P, Ref}} = gen_statem:start_monitor(?MODULE, Mode, []),
    case catch gen_statem:call(P, ping) of
        pong ->
            gen_statem:stop(P),
            receive {'DOWN', Ref, process, P, R} -> {pong, R} end;
        {'EXIT', _} ->
            receive {'DOWN', Ref, process, P, {R, St}} when is_list(St) -> {died, R};
                    {'DOWN', Ref, process, P, R} -> {died_plain, R} end
    end.

init(Mode) -> self() ! {mode, Mode}, {ok, s, Mode}.

%% init/1 left the case in the mailbox (no process dictionary here)
callback_mode() ->
    case get_mode() of
        bad_atom -> hello;
        empty_list -> [];
        only_enter -> [state_enter];
        crash -> error(mode_crash);
        throw_hef -> throw(handle_event_function);
        double_enter -> [state_enter, handle_event_function, state_enter];
        both_modes -> [handle_event_function, state_functions]
    end.

get_mode() ->
    receive {mode, M} -> M after 0 -> unknown end.

handle_event(enter, _, _, _) -> keep_state_and_data;
handle_event({call, From}, ping, _, _) -> {keep_state_and_data, {reply, From, pong}}.

s(enter, _, _) -> keep_state_and_data;
s({call, From}, ping, _) -> {keep_state_and_data, {reply, From, pong}}.
