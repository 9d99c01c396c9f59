%% main/0 returns while children are still blocked and timers pending; the result is printed as usual.
-module(mainexc_returns_leaving_children).
-export([main/0]).

main() ->
    [spawn(fun() -> receive never -> ok end end) || _ <- lists:seq(1, 5)],
    erlang:send_after(5000, self(), too_late),
    register(left_behind, spawn(fun() -> receive never -> ok end end)),
    {returned, with, children, left}.
