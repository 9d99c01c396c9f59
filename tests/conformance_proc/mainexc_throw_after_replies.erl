%% main/0 collects its workers' replies, prints them, then throws.
-module(mainexc_throw_after_replies).
-export([main/0]).

main() ->
    Main = self(),
    [spawn(fun() -> Main ! {r, I, I * I} end) || I <- [1, 2, 3]],
    L = lists:sort([receive {r, I, V} -> {I, V} end || _ <- [1, 2, 3]]),
    io:format("replies: ~p~n", [L]),
    throw({finished_with, L}).
