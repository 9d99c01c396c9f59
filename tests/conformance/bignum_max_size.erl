%% OTP 25's largest integers (33,554,368 bits, 4 MiB each): the largest power
%% of two, one bit more is system_limit, for products, shifts and sums, and
%% a comparison of two of them.
-module(bignum_max_size).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    F = lists:foldl(fun(I, A) -> I * A end, 1, lists:seq(1, 3000)),
    X = 1 bsl 33554367,
    io:format("~p ~p~n", [X bsr 33554360, (X - 1) band 255]),
    io:format("~p~n", [c(fun() -> X * 2 end)]),
    io:format("~p~n", [c(fun() -> 1 bsl 33554368 end)]),
    io:format("~p~n", [c(fun() -> -X - X end)]),
    io:format("~p ~p~n", [(-X) bsr 33554367, X > F]),
    ok.
