%% A state callback that raises: error -> terminate/3 gets the reason and
%% the exit reason is {Reason, Stack}; exit(R) -> R; throw(V) is taken as
%% the callback's result; a terminate/3 that crashes replaces the reason;
%% terminate/3 that throws is ignored; no terminate/3 exported is fine.
-module(statem_crash_terminate).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4, terminate/3]).

main() ->
    Cases = [error, exit, exit_normal, throw_keep, throw_stop, term_crash, term_throw,
             term_exit, badmatch, badarith],
    [io:format("~p -> ~p~n", [C, run(C)]) || C <- Cases],
    done.

run(C) ->
    {ok, {P, Ref}} = gen_statem:start_monitor(?MODULE, C, []),
    gen_statem:cast(P, C),
    Alive = (catch gen_statem:call(P, alive)),
    A = case Alive of {'EXIT', {Why, {gen_statem, call, _}}} -> {call_failed, strip(Why)}; _ -> Alive end,
    gen_statem:cast(P, {stop, after_test}),
    receive {'DOWN', Ref, process, P, Reason} -> {A, strip(Reason)} end.

strip({R, St}) when is_list(St) -> {stack, R};
strip(R) -> R.

init(C) -> {ok, s, C}.

callback_mode() -> handle_event_function.

handle_event(cast, error, _, _) -> error(oops);
handle_event(cast, exit, _, _) -> exit(gone);
handle_event(cast, exit_normal, _, _) -> exit(normal);
handle_event(cast, throw_keep, _, _) -> throw({keep_state, thrown_data});
handle_event(cast, throw_stop, _, _) -> throw({stop, thrown_stop});
handle_event(cast, term_crash, _, _) -> {stop, first_reason};
handle_event(cast, term_throw, _, _) -> {stop, thrown_in_terminate};
handle_event(cast, term_exit, _, _) -> {stop, will_exit};
handle_event(cast, badmatch, _, D) -> {ok, _} = D, keep_state_and_data;
handle_event(cast, badarith, _, D) -> {keep_state, D + 1};
handle_event(cast, {stop, R}, _, _) -> {stop, R};
handle_event({call, From}, alive, S, D) -> {keep_state_and_data, {reply, From, {alive, S, D}}}.

terminate(R, _, term_crash) -> io:format("  terminate ~p~n", [R]), error(in_terminate);
terminate(R, _, term_throw) -> io:format("  terminate ~p~n", [R]), throw(whatever);
terminate(R, _, term_exit) -> io:format("  terminate ~p~n", [R]), exit(from_terminate);
terminate(R, _, _) -> io:format("  terminate ~p~n", [strip(R)]).
