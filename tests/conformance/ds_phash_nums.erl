-module(ds_phash_nums).
-export([main/0]).
main() ->
    Ints = lists:flatten([[(1 bsl K) - 1, 1 bsl K, (1 bsl K) + 1, -(1 bsl K)] || K <- [7, 8, 15, 16, 27, 28, 31, 32, 33, 59, 60, 63, 64, 65, 100, 128, 200]]),
    Floats = [0.5, -0.5, 1.0e-300, 1.0e300, 123.456, -2.0, 3.0, 1.0e15, 4503599627370496.0],
    [{I, erlang:phash(I, 1 bsl 32)} || I <- Ints] ++ [{F, erlang:phash(F, 1 bsl 32)} || F <- Floats].
