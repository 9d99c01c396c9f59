%% A barrier: 100 processes report ready, wait for go, then answer; none answers before go.
-module(many_barrier).
-export([main/0]).

main() ->
    Main = self(),
    Pids = [spawn(fun() -> Main ! {ready, self()}, receive go -> Main ! {done, I} end end) || I <- lists:seq(1, 100)],
    [receive {ready, P} -> ok end || P <- Pids],
    Early = receive {done, _} -> early after 20 -> none_early end,
    [P ! go || P <- Pids],
    Done = lists:sort([receive {done, I} -> I end || _ <- Pids]),
    {Early, Done =:= lists:seq(1, 100)}.
