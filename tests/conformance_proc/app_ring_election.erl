%% Leader election on a ring (Chang-Roberts): the largest id wins and every node learns it.
-module(app_ring_election).
-export([main/0]).

main() ->
    Main = self(),
    Ids = [17, 4, 42, 8, 23, 15],
    Pids = [spawn(fun() -> elect_init(Id, Main) end) || Id <- Ids],
    Next = tl(Pids) ++ [hd(Pids)],
    [P ! {next, N} || {P, N} <- lists:zip(Pids, Next)],
    hd(Pids) ! start,
    Leaders = [receive {leader, Id, L} -> {Id, L} end || _ <- Ids],
    lists:sort(Leaders).

elect_init(Id, Main) ->
    receive {next, N} -> elect(Id, N, Main) end.

elect(Id, Next, Main) ->
    receive
        start -> Next ! {candidate, Id}, elect(Id, Next, Main);
        {candidate, C} when C > Id -> Next ! {candidate, C}, elect(Id, Next, Main);
        {candidate, C} when C < Id -> Next ! {candidate, Id}, elect(Id, Next, Main);
        {candidate, Id} -> Next ! {elected, Id}, announce(Id, Id, Main);
        {elected, L} -> Next ! {elected, L}, announce(Id, L, Main)
    end.

announce(Id, L, Main) ->
    Main ! {leader, Id, L},
    drain().

drain() ->
    receive _ -> drain() end.
