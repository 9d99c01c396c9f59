-module(ds_array_shuffle).
-export([main/0]).
%% 1,000 sets in a scrambled order, then resets: the same tree as OTP's.
main() ->
    Idx = [(I * 7919) rem 1000 || I <- lists:seq(0, 999)],
    A = lists:foldl(fun(I, Acc) -> array:set(I, I * 3, Acc) end, array:new(), Idx),
    R = lists:foldl(fun(I, Acc) -> array:reset(I, Acc) end, A, lists:seq(0, 999, 3)),
    [array:size(A), erlang:phash2(A), array:get(777, A), erlang:phash2(R), array:sparse_size(R),
     lists:sum(array:sparse_to_list(R)), length(array:sparse_to_orddict(R)),
     array:foldl(fun(_, V, S) -> S + V end, 0, A), array:sparse_foldr(fun(I, _, S) -> S + I end, 0, R),
     erlang:phash2(array:map(fun(I, V) -> I - V end, R))].
