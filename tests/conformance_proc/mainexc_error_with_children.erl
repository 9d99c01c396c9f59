%% main/0 raises an error while its children are still waiting: the run ends with main's exception.
-module(mainexc_error_with_children).
-export([main/0]).

main() ->
    Pids = [spawn(fun() -> receive never -> ok end end) || _ <- lists:seq(1, 10)],
    io:format("spawned ~b children~n", [length(Pids)]),
    error({main_failed, length(Pids)}).
