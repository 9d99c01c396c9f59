%% Order across two senders when the program synchronises them: b is sent only after main took a.
-module(order_sync_senders).
-export([main/0]).

main() ->
    Main = self(),
    A = spawn(fun() -> receive go -> Main ! {from_a, 1} end end),
    B = spawn(fun() -> receive go -> Main ! {from_b, 2} end end),
    A ! go,
    X = receive M1 -> M1 end,
    B ! go,
    Y = receive M2 -> M2 end,
    [X, Y].
