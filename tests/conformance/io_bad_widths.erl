-module(io_bad_widths).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~-p", [a]), f("~.p", [a]), f("~..p", [a]), f("~5.3p", [a]), f("~5..xp|", [a]), f("~0.0w", [a]),
     f("~.0s|", ["abc"]), f("~0s|", ["abc"]), f("~.0c|", [$a]), f("~-0w|", [a])].
