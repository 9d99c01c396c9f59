%% A receive takes the first message in the mailbox that matches any clause, whatever the clause order.
-module(selrecv_message_order_wins).
-export([main/0]).

main() ->
    self() ! {b, 1},
    self() ! {a, 2},
    First = receive
        {a, X} -> {clause_a, X};
        {b, Y} -> {clause_b, Y}
    end,
    Second = receive
        {a, X2} -> {clause_a, X2};
        {b, Y2} -> {clause_b, Y2}
    end,
    [First, Second].
