-module(erl_phash_big).
-export([main/0]).

%% phash2/1,2 and phash/2 of terms big enough that the builtins yield many
%% times (docs/builtins.md): byte runs cut mid-word, long bitstrings at odd
%% bit offsets, deep nesting both ways, wide tuples, bignums. Each term is
%% built when its turn comes, so only one is live at a time.
main() ->
    Bytes = fun() -> [X rem 256 || X <- lists:seq(1, 70003)] end,
    Bin = fun() -> binary:copy(<<"abcdefg", 200, 3, 0, 255>>, 15001) end,
    Makers =
        [fun() -> lists:seq(1, 80001) end,
         Bytes,
         Bin,
         fun() -> <<_:3, Odd/bitstring>> = Bin(), Odd end,
         fun() -> lists:foldl(fun(X, A) -> [A, X] end, [], lists:seq(1, 40000)) end,
         fun() -> lists:foldl(fun(X, A) -> {X, A, x} end, nil, lists:seq(1, 25000)) end,
         fun() -> list_to_tuple(lists:seq(1, 70000)) end,
         fun() -> [{I, <<I:24>>, [I rem 256, 300, I rem 7]} || I <- lists:seq(1, 15000)] end,
         fun() -> [1 bsl N || N <- lists:seq(60, 3000, 7)] end,
         fun() -> lists:foldl(fun(X, A) -> [X | A] end, tail, Bytes()) end,
         fun() -> B = Bin(), [B, B] end,
         fun() -> L = Bytes(), {L, L} end],
    [hashes(M()) || M <- Makers].

hashes(T) ->
    {erlang:phash2(T), erlang:phash2(T, 1000003), erlang:phash2(T, 1 bsl 32),
     erlang:phash(T, 1 bsl 32), erlang:phash(T, 65521)}.
