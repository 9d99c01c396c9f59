%% Ten senders, 200 messages each: each sender's sequence is in order in the mailbox.
-module(order_many_senders).
-export([main/0]).

main() ->
    Main = self(),
    Pids = [spawn(fun() -> [Main ! {S, I} || I <- lists:seq(1, 200)], Main ! {fin, S} end) || S <- lists:seq(1, 10)],
    [receive {fin, S} -> ok end || S <- lists:seq(1, 10)],
    All = drain([]),
    Ok = [lists:filter(fun({S2, _}) -> S2 =:= S end, All) =:= [{S, I} || I <- lists:seq(1, 200)] || S <- lists:seq(1, 10)],
    {length(Pids), length(All), lists:usort(Ok)}.

drain(Acc) ->
    receive M -> drain([M | Acc]) after 0 -> lists:reverse(Acc) end.
