%% timer:sleep/1: sleep(0) returns ok at once, sleeping processes wake in
%% the order of their times, a sleeping process keeps its mailbox.
-module(timer_sleep).
-export([main/0]).

main() ->
    io:format("~p~n", [timer:sleep(0)]),
    Self = self(),
    [spawn(fun() -> ok = timer:sleep(T), Self ! {woke, T} end) || T <- [150, 50, 100, 0]],
    io:format("~p~n", [[receive {woke, T} -> T end || _ <- lists:seq(1, 4)]]),
    self() ! kept,
    ok = timer:sleep(10),
    io:format("~p~n", [receive kept -> kept after 0 -> lost end]),
    io:format("~p~n", [try timer:sleep(-1) catch C:R -> {C, R} end]),
    io:format("~p~n", [try timer:sleep(foo) catch C2:R2 -> {C2, R2} end]),
    ok.
