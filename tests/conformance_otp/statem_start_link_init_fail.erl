%% start_link when init/1 fails, with the caller trapping exits: the return
%% value and the 'EXIT' message left in the caller's mailbox for each way
%% of failing (OTP 25 leaves it there).
-module(statem_start_link_init_fail).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    process_flag(trap_exit, true),
    [io:format("~p -> ~p~n", [C, run(C)]) || C <- [stop, stop_normal, ignore, bad, error, exit, throw]],
    done.

run(C) ->
    R = gen_statem:start_link(?MODULE, C, []),
    Exit = receive
               {'EXIT', _, {Why, Stack}} when is_list(Stack) -> {exit_with_stack, Why};
               {'EXIT', _, Why} -> {exit, Why}
           after 100 -> no_exit
           end,
    {R, Exit}.

init(stop) -> {stop, stopped};
init(stop_normal) -> {stop, normal};
init(ignore) -> ignore;
init(bad) -> bad_value;
init(error) -> error(err);
init(exit) -> exit(ex);
init(throw) -> throw(thrown).

callback_mode() -> handle_event_function.

handle_event(_, _, _, _) -> keep_state_and_data.
