-module(bin_append_inplace).
-export([main/0]).
build(0, Acc) -> Acc;
build(N, Acc) -> build(N - 1, <<Acc/binary, (N rem 256), "xy">>).
sum(<<X, R/binary>>, S) -> sum(R, S + X);
sum(<<>>, S) -> S.
main() ->
    B0 = build(300, <<>>),
    B1 = <<B0/binary, "one">>,
    B2 = <<B0/binary, "two">>,     % must not overwrite B1's bytes
    B3 = <<B1/binary, "!">>,
    B = build(200000, <<>>),
    {byte_size(B), sum(B, 0), binary_part(B, 599990, 10), binary_part(B1, 900, 3), binary_part(B2, 900, 3), binary_part(B3, 900, 4), B0 =:= binary_part(B2, 0, 900)}.
