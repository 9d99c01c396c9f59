-module(phash2_bits_edge).
%% phash2 of bitstrings whose last partial byte ends exactly at the end of
%% an off-heap binary (a one-byte over-read before), checked against OTP.
-export([main/0]).
main() ->
    B = list_to_binary(lists:seq(1, 200)),
    <<_:3, S:1597/bits>> = B,
    <<_:5, T:11/bits, _/bits>> = B,
    [erlang:phash2(X) || X <- [S, T, <<1:3>>, B, binary_part(B, 1, 150), "abc", lists:seq(1, 300)]].
