%% An uncaught error in a spawned process ends it with {Reason, Stack}; the stack is a list.
-module(exc_error_stack).
-export([main/0]).

main() ->
    {P, Ref} = spawn_monitor(fun() -> error({bad, thing}) end),
    receive
        {'DOWN', Ref, process, P, {Reason, Stack}} -> {Reason, is_list(Stack)}
    end.
