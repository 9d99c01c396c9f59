%% timer's pure conversions: seconds/1, minutes/1, hours/1, hms/3 (also
%% with negative and big numbers), now_diff/2.
-module(timer_conv).
-export([main/0]).

main() ->
    io:format("~p~n", [[timer:seconds(S) || S <- [0, 1, 60, -3, 1 bsl 70]]]),
    io:format("~p~n", [[timer:minutes(M) || M <- [0, 1, 90, -2]]]),
    io:format("~p~n", [[timer:hours(H) || H <- [0, 1, 24, 1000000]]]),
    io:format("~p~n", [[timer:hms(H, M, S) || {H, M, S} <- [{0, 0, 0}, {1, 2, 3}, {0, 61, 61}, {-1, 30, 0}]]]),
    io:format("~p~n", [timer:now_diff({1, 2, 3}, {1, 1, 1})]),
    io:format("~p~n", [timer:now_diff({0, 0, 0}, {1, 0, 5})]),
    io:format("~p~n", [try timer:seconds(a) catch C:R -> {C, R} end]),
    ok.
