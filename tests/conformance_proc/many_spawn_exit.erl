%% 5,000 monitored processes that exit at once; all DOWN messages arrive, none alive afterwards.
-module(many_spawn_exit).
-export([main/0]).

main() ->
    Ms = [spawn_monitor(fun() -> ok end) || _ <- lists:seq(1, 5000)],
    Normal = length([ok || {P, R} <- Ms, receive {'DOWN', R, process, P, normal} -> true end]),
    Alive = length([P || {P, _} <- Ms, is_process_alive(P)]),
    {Normal, Alive}.
