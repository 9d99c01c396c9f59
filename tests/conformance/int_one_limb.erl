-module(int_one_limb).
-export([main/0]).
%% + - * div rem on integers just past the small range, up to one and two
%% 64-bit limbs and across them, with every sign combination: the
%% arithmetic fast path for one-limb values must agree with OTP everywhere.
main() ->
    Vs = [0, 1, -1, 7, -7, 12345, 2147483648, -2147483648,
          (1 bsl 59) - 1, 1 bsl 59, -(1 bsl 59), -(1 bsl 59) - 1,
          (1 bsl 63) - 1, 1 bsl 63, -(1 bsl 63), -(1 bsl 63) - 1,
          (1 bsl 64) - 1, 1 bsl 64, -(1 bsl 64) + 1, -(1 bsl 64),
          (1 bsl 127) - 1, 1 bsl 128, -(1 bsl 128) - 3],
    R = [{A + B, A - B, A * B, dv(A, B), rm(A, B)} || A <- Vs, B <- Vs],
    {R, lcg(1000, 42, 0)}.

dv(_, 0) -> zero;
dv(A, B) -> A div B.
rm(_, 0) -> zero;
rm(A, B) -> A rem B.

lcg(0, X, Acc) -> {X, Acc};
lcg(N, X, Acc) -> Y = (X * 1103515245 + 12345) rem 2147483648, lcg(N - 1, Y, Acc + Y).
