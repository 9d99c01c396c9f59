-module(mm_data_store).
-export([put_all/2, encode/1, decode/1, fact/1, nest/1, depth/1, words/1]).

put_all(M, KVs) -> lists:foldl(fun({K, V}, Acc) -> Acc#{K => V} end, M, KVs).
encode(T) -> term_to_binary(T).
decode(B) -> binary_to_term(B).
fact(0) -> 1;
fact(N) -> N * fact(N - 1).
nest(0) -> [];
nest(N) -> [nest(N - 1)].
depth([]) -> 0;
depth([X]) -> 1 + depth(X).
words(B) -> binary:split(B, <<" ">>, [global]).
