%% Two concurrent senders: the interleaving is free, but each sender's messages keep their order.
-module(order_two_senders).
-export([main/0]).

main() ->
    Main = self(),
    [spawn(fun() -> [Main ! {Tag, I} || I <- lists:seq(1, 300)], Main ! {done, Tag} end) || Tag <- [a, b]],
    receive {done, a} -> ok end,
    receive {done, b} -> ok end,
    All = drain([]),
    As = [I || {a, I} <- All],
    Bs = [I || {b, I} <- All],
    {length(All), As =:= lists:seq(1, 300), Bs =:= lists:seq(1, 300)}.

drain(Acc) ->
    receive M -> drain([M | Acc]) after 0 -> lists:reverse(Acc) end.
