%% binary_match_huge_pattern: binary:match/matches/split/replace with a
%% 300,000-byte pattern (Two-Way in bif_binary.c, charged per byte examined)
%% and an 80,000-byte periodic one, near misses included, against erl.
-module(binary_match_huge_pattern).
-export([main/0]).

block(N) -> list_to_binary([$a + (I * 7 + I div 13) rem 26 || I <- lists:seq(0, N - 1)]).

main() ->
    B = block(300000),
    Miss = <<(binary:part(B, 0, 299999))/binary, "#">>,
    S = <<"xx", B/binary, "yy", B/binary, "zz", (binary:part(B, 0, 299999))/binary, "!">>,
    Big = binary:copy(<<"ab">>, 40000),
    T = <<(binary:copy(<<"ab">>, 39999))/binary, "ac", Big/binary, "ab">>,
    {binary:match(S, B), binary:matches(S, B), length(binary:split(S, B, [global])),
     [byte_size(P) || P <- binary:split(S, B, [global])],
     binary:match(S, Miss), binary:match(S, B, [{scope, {3, 300000}}]),
     byte_size(binary:replace(S, B, <<"-">>, [global])),
     binary:match(T, Big), binary:matches(T, Big),
     binary:match(<<1, 2, 3>>, Big)}.
