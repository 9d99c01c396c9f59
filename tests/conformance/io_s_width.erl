-module(io_s_width).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~10s|", ["abc"]), f("~-10s|", ["abc"]), f("~2s|", ["abc"]), f("~.2s|", ["abc"]), f("~.5s|", ["abc"]),
     f("~5.2s|", ["abcdef"]), f("~5.4s|", ["ab"]), f("~-5.4s|", ["ab"]), f("~5.5s|", ["abcdefg"]), f("~3.5s|", ["abcdef"]),
     f("~10..*s|", ["abc"]), f("~10.3.*s|", ["ab"]), f("~*.*s|", [8, 3, "abcdef"]), f("~-*s|", [6, "x"])].
