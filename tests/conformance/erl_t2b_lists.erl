-module(erl_t2b_lists).
-export([main/0]).
%% lists: STRING_EXT for proper byte lists up to 65535 elements, LIST_EXT
%% otherwise (longer, non-bytes, improper tails).
main() ->
    L65535 = lists:duplicate(65535, $x),
    [term_to_binary("abc"), term_to_binary([0, 255]), term_to_binary([256]), term_to_binary([-1]),
     term_to_binary([1, 2 | 3]), term_to_binary([1 | "ab"]), term_to_binary(["ab", "c"]),
     term_to_binary([[]]), term_to_binary([a, "b", <<"c">>]),
     binary_part(term_to_binary(L65535), 0, 6), byte_size(term_to_binary(L65535)),
     binary_part(term_to_binary([$x | L65535]), 0, 8), byte_size(term_to_binary([$x | L65535])),
     binary_to_term(term_to_binary([$x | L65535])) =:= [$x | L65535]].
