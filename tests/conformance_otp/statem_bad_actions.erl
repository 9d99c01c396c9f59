%% Bad actions and bad returns stop the machine: the reason (error class,
%% so the exit reason is {Reason, Stack}), terminate/3 sees it; a bad
%% next_event type, a reply to a non-From, an unknown action, a bad return.
-module(statem_bad_actions).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4, terminate/3]).

main() ->
    Cases = [{next_event, bogus, x}, {next_event, {call, notfrom}, x},
             {reply, notfrom, x}, {reply, {self_pid, tag}, x}, unknown_action,
             {hibernate, maybe}, {postpone, 1}, [{reply}],
             {return, bad_return}, {return, {next_state}}, {return, {keep_state}},
             {return, {stop_and_reply, r, [{reply, bad, x}]}},
             {return, {stop_and_reply, r, [bad]}}],
    [io:format("~p -> ~p~n", [C, run(C)]) || C <- Cases],
    done.

run(C) ->
    {ok, {P, Ref}} = gen_statem:start_monitor(?MODULE, [], []),
    gen_statem:cast(P, C),
    receive
        {'DOWN', Ref, process, P, {Reason, Stack}} when is_list(Stack) -> Reason;
        {'DOWN', Ref, process, P, Reason} -> {plain, Reason}
    end.

init([]) -> {ok, s, d}.

callback_mode() -> handle_event_function.

handle_event(cast, {return, R}, _, _) -> R;
handle_event(cast, {reply, {self_pid, T}, X}, _, _) ->
    {keep_state_and_data, [{reply, {self_pid, T}, X}]};
handle_event(cast, A, _, _) -> {keep_state_and_data, A}.

terminate(R, S, D) -> io:format("  terminate(~p, ~p, ~p)~n", [R, S, D]).
