-module(io_P_layout).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

terms() ->
    [lists:seq(1, 60),
     [{aaaaaaaaaa, bbbbbbbbbbbbb, ccccccccccccccc, ddddddddddddd}, {eeeeeeeeeeeeeeeeee, fffffff, "gggg"},
      lists:seq(1, 50), <<"a binary that is long enough to matter here">>],
     {tag, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27],
      {x, y, z}, "string string string string string"},
     #{k1 => lists:seq(1, 30), k2 => {a, b, c, d, e, f}, k3 => "a string", k4 => #{inner => [1, 2, 3]}},
     {a_very_long_tag_name_indeed_yes, [lists:seq(1, 10), lists:seq(11, 20)], {nested, {deeper, {deepest, x}}}},
     [[a, b, c | d], [e | f], {g, [h | i]}, list_to_binary(lists:seq(1, 40))]].

main() ->
    [[f("~P", [T, D]) || T <- terms(), D <- [2, 3, 4, 5, 8, 12]],
     [f("~40P", [T, 6]) || T <- terms()],
     [f("abc ~P", [T, 5]) || T <- terms()]].
