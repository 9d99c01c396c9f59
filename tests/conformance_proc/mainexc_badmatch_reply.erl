%% A reply that does not match what main expects: an uncaught badmatch in main.
-module(mainexc_badmatch_reply).
-export([main/0]).

main() ->
    P = spawn(fun() -> receive {From, ask} -> From ! {answer, 41} end end),
    P ! {self(), ask},
    {answer, 42} = receive M -> M end,
    unreachable.
