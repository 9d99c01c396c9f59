-module(ds_phash_bins).
-export([main/0]).
main() ->
    Big = list_to_binary(lists:seq(0, 255)),
    <<_:3, Unaligned:100/binary, _/bitstring>> = <<Big/binary, Big/binary>>,
    <<_:5, Odd:21/bitstring, _/bitstring>> = Big,
    Bins = [<<>>, <<0>>, <<255>>, <<"hello">>, Big, erlang:binary_part(Big, 10, 20), Unaligned, Odd,
            <<1:1>>, <<0:7>>, <<"ab", 5:3>>, <<Big/binary, 1:4>>,
            list_to_binary(lists:duplicate(1000, $z))],
    [{byte_size(B), bit_size(B), erlang:phash(B, 1 bsl 32)} || B <- Bins] ++
    [erlang:phash({Big, [Unaligned]}, 1 bsl 32)].
