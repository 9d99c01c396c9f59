%% Inside a state enter call: next_event, postpone and a change of state
%% are not allowed (bad_state_enter_* reasons); {postpone, false},
%% reply, timeouts, hibernate and repeat_state are.
-module(statem_enter_restrict).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    Cases = [postpone, postpone_true, postpone_false, next_event, next_state_other,
             next_state_other4, next_state_same, repeat_state, reply_ok, timeouts,
             bad_result],
    [io:format("~p -> ~p~n", [C, run(C)]) || C <- Cases],
    done.

run(C) ->
    {ok, {P, Ref}} = gen_statem:start_monitor(?MODULE, self(), []),
    gen_statem:cast(P, {goto, C}),
    receive
        {'DOWN', Ref, process, P, {Reason, Stack}} when is_list(Stack) -> Reason;
        {'DOWN', Ref, process, P, Reason} -> {plain, Reason};
        {alive, X} -> gen_statem:stop(P), receive {'DOWN', Ref, _, _, _} -> ok end, {alive, X}
    end.

init(Par) -> {ok, start, Par}.

callback_mode() -> [handle_event_function, state_enter].

handle_event(enter, _, start, _) -> keep_state_and_data;
handle_event(cast, {goto, C}, start, Par) -> {next_state, C, Par};
handle_event(enter, start, postpone, _) -> {keep_state_and_data, [postpone]};
handle_event(enter, start, postpone_true, _) -> {keep_state_and_data, [{postpone, true}]};
handle_event(enter, start, postpone_false, Par) ->
    Par ! {alive, postpone_false}, {keep_state_and_data, [{postpone, false}]};
handle_event(enter, start, next_event, _) -> {keep_state_and_data, [{next_event, internal, x}]};
handle_event(enter, start, next_state_other, _) -> {next_state, elsewhere, d1};
handle_event(enter, start, next_state_other4, _) -> {next_state, elsewhere, d2, []};
handle_event(enter, start, next_state_same, Par) ->
    Par ! {alive, same}, {next_state, next_state_same, Par};
handle_event(enter, Old, repeat_state, Par) when is_pid(Par) ->
    {repeat_state, {again, Par}};
handle_event(enter, Old, repeat_state, {again, Par}) ->
    Par ! {alive, {repeat, Old}}, {keep_state, Par};
handle_event(enter, start, reply_ok, Par) ->
    Par ! {alive, reply}, {keep_state_and_data, [{reply, {Par, tag}, hi}]};
handle_event(enter, start, timeouts, Par) ->
    {keep_state_and_data, [{state_timeout, 0, st}, {timeout, 0, ev}, hibernate]};
handle_event(state_timeout, st, timeouts, Par) ->
    Par ! {alive, state_timeout_fired}, keep_state_and_data;
handle_event(enter, start, bad_result, _) -> {what, ever}.
