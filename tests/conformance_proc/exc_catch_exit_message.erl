%% `catch` in a child turns its throw, error and exit into values; the child then exits with the list.
-module(exc_catch_exit_message).
-export([main/0]).

main() ->
    {P, Ref} = spawn_monitor(fun() ->
        A = (catch throw(thrown)),
        B = (catch exit(exited)),
        {'EXIT', {C, S}} = (catch error(errored)),
        exit([A, B, {C, is_list(S)}])
    end),
    receive {'DOWN', Ref, process, P, R} -> R end.
