%% state_functions: a state with no exported function (undef), a state
%% that is not an atom (badarg... as OTP reports it), a state function with
%% no clause for the event (function_clause); terminate/3 sees the reason.
-module(statem_sf_missing_state).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, known/3, terminate/3]).

main() ->
    [io:format("~p -> ~p~n", [C, run(C)]) || C <- [{go, unknown_state}, {go, {not_an_atom}}, {go, "list"}, unhandled]],
    done.

run(C) ->
    {ok, {P, Ref}} = gen_statem:start_monitor(?MODULE, [], []),
    gen_statem:cast(P, C),
    gen_statem:cast(P, next),
    receive
        {'DOWN', Ref, process, P, {Reason, Stack}} when is_list(Stack) -> Reason;
        {'DOWN', Ref, process, P, Reason} -> {plain, Reason}
    end.

init([]) -> {ok, known, []}.

callback_mode() -> state_functions.

known(cast, {go, S}, D) -> {next_state, S, D}.

terminate(R, S, _) -> io:format("  terminate ~p in ~p~n", [R, S]).
