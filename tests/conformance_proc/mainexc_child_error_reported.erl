%% main/0 re-raises a child's failure as its own error, with the reason it got from the monitor.
-module(mainexc_child_error_reported).
-export([main/0]).

main() ->
    {P, Ref} = spawn_monitor(fun() -> list_to_integer("twelve") end),
    receive
        {'DOWN', Ref, process, P, {Reason, _Stack}} -> error({child_failed, Reason})
    end.
