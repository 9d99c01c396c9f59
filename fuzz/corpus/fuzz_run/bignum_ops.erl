-module(bignum_ops).
-export([main/0]).
main() -> A = 1 bsl 100, B = 3 bsl 64, {A + B, A - B, A * B, A div B, A rem B, -A, A band B, A bor B, A bxor B, A bsr 90}.
