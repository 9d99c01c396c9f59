%% A ring is shut down by a stop message that goes round; every node reports to main before it ends.
-module(ring_stop).
-export([main/0]).

main() ->
    Main = self(),
    First = lists:foldl(fun(I, Next) -> spawn(fun() -> node_loop(Main, I, Next) end) end, Main, lists:seq(20, 1, -1)),
    First ! stop,
    receive stop -> ok end,
    Ids = [receive {stopped, I} -> I end || _ <- lists:seq(1, 20)],
    %% the order of the reports from different nodes is not guaranteed: sorted
    {length(Ids), lists:sort(Ids) =:= lists:seq(1, 20)}.

node_loop(Main, I, Next) ->
    receive
        stop ->
            Main ! {stopped, I},
            Next ! stop
    end.
