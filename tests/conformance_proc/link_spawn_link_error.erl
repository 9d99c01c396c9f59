%% A spawn_link child raising an error: the linked middle process dies with {Error, Stack} (only the error is printed).
-module(link_spawn_link_error).
-export([main/0, crash/1]).

main() ->
    {M, Ref} = spawn_monitor(fun() ->
        spawn_link(?MODULE, crash, [0]),
        receive after infinity -> ok end
    end),
    receive
        {'DOWN', Ref, process, M, {Reason, Stack}} when is_list(Stack) -> {middle_died, Reason}
    end.

crash(X) -> 10 div X.
