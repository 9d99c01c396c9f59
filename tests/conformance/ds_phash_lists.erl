-module(ds_phash_lists).
-export([main/0]).
main() ->
    Terms = [[0], [255], [256], [-1], [0, 255, 256, -1], lists:seq(0, 300), "a longer string, with words",
             [[]], [[], []], [[[[]]]], [a | b], [1 | 2], [1, 2 | <<3>>], [{}, {[]}, [{}]],
             [1.0, 2.0], ["ab", "cd" | "ef"], [$a, x, $b], [<<>>, <<>>], lists:duplicate(20, []),
             [1 bsl 40, -(1 bsl 40)], {[1], [2, 3], "xyz"}, [[1, 2], [3 | 4]]],
    [{T, erlang:phash(T, 1 bsl 32)} || T <- Terms].
