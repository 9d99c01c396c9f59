-module(bin_accumulate).
-export([main/0]).
build(0, Acc) -> Acc;
build(N, Acc) -> build(N - 1, <<Acc/binary, (N rem 256)>>).
sum(<<X, R/binary>>, S) -> sum(R, S + X);
sum(<<>>, S) -> S.
main() -> B = build(5000, <<>>), {byte_size(B), sum(B, 0), binary_part(B, 4990, 10)}.
