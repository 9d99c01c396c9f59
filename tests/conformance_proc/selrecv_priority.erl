%% Selective receive: urgent messages are taken first, the others keep their arrival order.
-module(selrecv_priority).
-export([main/0]).

main() ->
    [self() ! M || M <- [{normal, 1}, {urgent, a}, {normal, 2}, {urgent, b}, {normal, 3}]],
    Urgent = take_urgent([]),
    Normal = take_all([]),
    {Urgent, Normal}.

take_urgent(Acc) ->
    receive
        {urgent, X} -> take_urgent([X | Acc])
    after 0 -> lists:reverse(Acc)
    end.

take_all(Acc) ->
    receive
        {normal, X} -> take_all([X | Acc])
    after 0 -> lists:reverse(Acc)
    end.
