%% A process exiting with `normal` does not take its links down; one exiting with `shutdown` does.
-module(link_normal_no_propagation).
-export([main/0]).

main() ->
    [run(normal), run(shutdown), run({shutdown, tidy})].

run(Reason) ->
    {Holder, Ref} = spawn_monitor(fun() ->
        C = spawn_link(fun() -> receive go -> exit(Reason) end end),
        C ! go,
        receive after 50 -> exit(survived) end
    end),
    receive {'DOWN', Ref, process, Holder, Why} -> {Reason, Why} end.
