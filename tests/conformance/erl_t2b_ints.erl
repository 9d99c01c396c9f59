-module(erl_t2b_ints).
-export([main/0]).
%% integers at every tag boundary: SMALL_INTEGER, INTEGER, SMALL_BIG, LARGE_BIG.
main() ->
    Ns = [0, 255, 256, -1, -255, 2147483647, 2147483648, -2147483648, -2147483649,
          (1 bsl 59) - 1, 1 bsl 59, 1 bsl 60, -(1 bsl 60), 1 bsl 63, 1 bsl 64, -(1 bsl 64) + 1,
          (1 bsl 2040) - 1, 1 bsl 2040, -(1 bsl 2040)],
    [[term_to_binary(N) || N <- lists:sublist(Ns, 16)],
     [byte_size(term_to_binary(N)) || N <- Ns],
     [binary_to_term(term_to_binary(N)) =:= N || N <- Ns],
     binary_part(term_to_binary(1 bsl 2040), 0, 8)].
