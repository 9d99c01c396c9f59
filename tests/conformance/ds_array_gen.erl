-module(ds_array_gen).
-export([main/0]).
%% Generated sparse index sets (a fixed LCG): from_orddict, set sequences,
%% map and resize must build exactly OTP's trees.
main() ->
    {Out, _} = lists:mapfoldl(fun(K, Seed) -> one(K, Seed) end, 12345, lists:seq(1, 40)),
    Out.
one(K, Seed0) ->
    {Idx, Seed} = indices(K rem 9 + 1, K * 53, Seed0, []),
    D = [{I, I * 2} || I <- lists:usort(Idx)],
    A = array:from_orddict(D),
    S = lists:foldl(fun({I, V}, Acc) -> array:set(I, V, Acc) end, array:new({default, 0}), D),
    R = array:resize(K * 7, S),
    {{erlang:phash2(A), erlang:phash2(S), erlang:phash2(array:sparse_map(fun(I, V) -> I + V end, A)),
      erlang:phash2(R), array:sparse_size(R), array:sparse_to_orddict(A) =:= D}, Seed}.
indices(0, _, Seed, Acc) -> {Acc, Seed};
indices(N, Range, Seed, Acc) ->
    Next = (Seed * 1103515245 + 12345) rem 2147483648,
    indices(N - 1, Range, Next, [Next rem Range | Acc]).
