%% A receive blocks until a matching message arrives, while non-matching ones pile up.
-module(selrecv_wait_for_late).
-export([main/0]).

main() ->
    Main = self(),
    spawn(fun() ->
        [Main ! {junk, I} || I <- lists:seq(1, 5)],
        Main ! {answer, 42}
    end),
    A = receive {answer, X} -> X end,
    Junk = [receive {junk, I} -> I end || _ <- lists:seq(1, 5)],
    {A, Junk}.
