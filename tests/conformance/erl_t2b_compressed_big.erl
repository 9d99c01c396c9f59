-module(erl_t2b_compressed_big).
-export([main/0]).
%% compressed encodings (bodies up to about 100,000 bytes, above the old
%% 64 KiB cap for compression), which zlib gets in slices across many
%% calls: byte-identical to OTP 25 (sizes and hashes of the whole
%% binaries), kept plain when zlib cannot shrink them, and round-trips.
%% Level 9 is charged by zlib's worst case (128 reductions a byte), so its
%% inputs here are the small ones: all of them stay within the default
%% reduction limit.
main() ->
    Bits = bits(8000, 12345, []),
    Noise = noise(6000, 777, []),
    Text = binary:copy(<<"the quick brown fox jumps over the lazy dog ">>, 2000),
    Recs = [{I, "name", I * 3, <<I:16>>} || I <- lists:seq(1, 600)],
    Ts = [Bits, Noise, Text, Recs, {Text, Bits}],
    Small = [Bits, Noise, binary:part(Text, 0, 9000), lists:sublist(Recs, 200)],
    [[summary(T, L) || L <- [1, 6]] || T <- Ts]
    ++ [summary(T, 9) || T <- Small]
    ++ [summary(T, compressed) || T <- Ts]
    ++ [binary_to_term(term_to_binary(T, [{compressed, 6}])) =:= T || T <- Ts]
    ++ [binary_to_term(term_to_binary(T, [{compressed, 9}])) =:= T || T <- Small].

summary(T, compressed) -> B = term_to_binary(T, [compressed]), {byte_size(B), erlang:phash2(B)};
summary(T, L) -> B = term_to_binary(T, [{compressed, L}]), {L, byte_size(B), erlang:phash2(B), binary:part(B, 0, 6)}.

%% a pseudo-random sequence of the bytes 0 and 1: zlib's slowest input
bits(0, _, Acc) -> list_to_binary(Acc);
bits(N, X, Acc) -> X1 = (X * 1103515245 + 12345) band 16#7fffffff, bits(N - 1, X1, [(X1 bsr 16) band 1 | Acc]).

%% bytes zlib cannot shrink
noise(0, _, Acc) -> list_to_binary(Acc);
noise(N, X, Acc) -> X1 = (X * 1103515245 + 12345) band 16#7fffffff, noise(N - 1, X1, [(X1 bsr 16) band 255 | Acc]).
