%% init/1 return shapes: {ok,S,D}, {ok,S,D,Actions} (a single action and a
%% list), ignore, {stop,R}, a bad return, a thrown return value, a crash by
%% error/exit/throw-of-garbage; what start/3 returns for each and whether
%% the process is gone.
-module(statem_init_shapes).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    Cases = [ok3, ok4_list, ok4_single, ignore, stop, bad, throw_ok, throw_bad,
             error, exit, stop_normal],
    [io:format("~p -> ~p~n", [C, try_start(C)]) || C <- Cases],
    done.

try_start(C) ->
    case gen_statem:start(?MODULE, C, []) of
        {ok, P} ->
            R = gen_statem:call(P, get),
            gen_statem:stop(P),
            {ok, R};
        Other -> Other
    end.

init(ok3) -> {ok, s, ok3};
init(ok4_list) -> {ok, s, ok4, [{next_event, internal, hello}, {timeout, infinity, x}]};
init(ok4_single) -> {ok, s, ok4, {next_event, internal, hello}};
init(ignore) -> ignore;
init(stop) -> {stop, no_way};
init(stop_normal) -> {stop, normal};
init(bad) -> {okay, s, d};
init(throw_ok) -> throw({ok, s, thrown});
init(throw_bad) -> throw(garbage);
init(error) -> error(broken);
init(exit) -> exit(gone).

callback_mode() -> handle_event_function.

handle_event(internal, hello, s, D) -> {keep_state, {D, got_hello}};
handle_event({call, From}, get, S, D) -> {keep_state_and_data, {reply, From, {S, D}}}.
