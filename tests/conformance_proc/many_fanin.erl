%% Fan-in: 50 workers each sum a slice of 1..5000 and send it to one collector, which reports the total.
-module(many_fanin).
-export([main/0]).

main() ->
    Main = self(),
    Collector = spawn(fun() -> collector(50, 0, Main) end),
    [spawn(fun() -> Collector ! {part, lists:sum(lists:seq(K * 100 + 1, K * 100 + 100))} end) || K <- lists:seq(0, 49)],
    receive {total, T} -> {T, T =:= 5000 * 5001 div 2} end.

collector(0, Acc, Main) -> Main ! {total, Acc};
collector(K, Acc, Main) -> receive {part, S} -> collector(K - 1, Acc + S, Main) end.
