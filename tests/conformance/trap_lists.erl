%% List builtins that yield (docs/builtins.md) at and across the quantum
%% (65,536 cells per call): results, improper tails and errors found in a
%% later quantum, as OTP gives them.
-module(trap_lists).
-export([main/0]).


c(F) -> try F() catch C:R -> {C, R} end.

big(N) ->
    L = lists:seq(1, N),
    R = lists:reverse(L),
    A = L ++ [x],
    T = list_to_tuple(L),
    L2 = tuple_to_list(T),
    KL = [{I, I} || I <- L],
    {length(R), hd(R), length(A), lists:last(A), lists:member(N, L), lists:member(x, L),
     lists:keyfind(N, 1, KL), lists:keyfind(N + 1, 1, KL), lists:keyfind(N + 0.0, 1, KL), lists:member(N + 0.0, L),
     tuple_size(T), element(N, T), L2 =:= L,
     erlang:phash2(lists:reverse(L, [7])), length(A ++ L), hd(tl(lists:reverse(A ++ L))),
     if length(L) > 65536 -> long; true -> short end,
     c(fun() -> lists:reverse([1, 2 | L] ++ foo) end),
     c(fun() -> lists:reverse(L ++ foo, []) end),
     c(fun() -> length(L ++ bar) end),
     c(fun() -> list_to_tuple(L ++ bar) end),
     c(fun() -> lists:member(x, L ++ bar) end),
     c(fun() -> lists:keyfind(x, 1, L ++ bar) end),
     c(fun() -> (L ++ bar) ++ [1] end),
     c(fun() -> Bad = L ++ bar, if length(Bad) > 0 -> yes; true -> no end end)}.

main() -> big(65537).
