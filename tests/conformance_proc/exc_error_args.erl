%% error/2 in a child: the exit reason is {Reason, Stack}; the reason itself is unchanged.
-module(exc_error_args).
-export([main/0]).

main() ->
    {P, Ref} = spawn_monitor(fun() -> erlang:error(with_args, [1, two]) end),
    receive {'DOWN', Ref, process, P, {R, S}} when is_list(S) -> R end.
