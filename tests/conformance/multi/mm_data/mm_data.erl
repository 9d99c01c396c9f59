-module(mm_data).
-export([main/0]).

%% Maps, binaries, big integers and deep terms passed between modules.
main() ->
    M = mm_data_store:put_all(#{}, [{K, K * K} || K <- lists:seq(1, 40)]),
    B = mm_data_store:encode(M),
    M2 = mm_data_store:decode(B),
    Big = mm_data_store:fact(30),
    Deep = mm_data_store:nest(50),
    {map_size(M), M =:= M2, byte_size(B) > 0, Big, mm_data_store:depth(Deep),
     mm_data_store:words(<<"the quick brown fox">>)}.
