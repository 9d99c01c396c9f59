-module(bin_match_assign).
-export([main/0]).
main() ->
    <<A:8, B:8/binary, C/bits>> = <<1, "abcdefgh", 3:2>>,
    {A, B, C}.
