-module(maps_large_order_keys).
-export([main/0]).
main() ->
    Tup = maps:from_list([{{I, I rem 7}, I} || I <- lists:seq(1, 60)]),
    Bin = maps:from_list([{integer_to_binary(I * 7919), I} || I <- lists:seq(1, 60)]),
    Str = maps:from_list([{integer_to_list(I), I} || I <- lists:seq(1, 40)]),
    Big = maps:from_list([{I * 1000000000000000000000, I} || I <- lists:seq(1, 40)]),
    Flt = maps:from_list([{I / 4, I} || I <- lists:seq(1, 40)]),
    Mix = maps:from_list([{I, a} || I <- lists:seq(1, 20)] ++ [{float(I), b} || I <- lists:seq(1, 20)]),
    [maps:keys(Tup), maps:to_list(Bin), maps:values(Str), maps:keys(Big), maps:keys(Flt),
     maps:to_list(Mix),
     maps:fold(fun(K, _, A) -> [K | A] end, [], Bin),
     maps:fold(fun(K, _, A) -> [K | A] end, [], Tup)].
