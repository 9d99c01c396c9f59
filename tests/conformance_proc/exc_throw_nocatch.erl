%% An uncaught throw in a spawned process ends it with {{nocatch, Value}, Stack}.
-module(exc_throw_nocatch).
-export([main/0]).

main() ->
    {P, Ref} = spawn_monitor(fun() -> throw({my, ball}) end),
    receive
        {'DOWN', Ref, process, P, {{nocatch, V}, Stack}} when is_list(Stack) -> {nocatch, V}
    end.
