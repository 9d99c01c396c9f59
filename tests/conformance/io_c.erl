-module(io_c).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~c", [$a]), f("~5c", [$a]), f("~.3c", [$a]), f("~5.2c|", [$a]), f("~-5.2c|", [$a]), f("~5.2.xc|", [$a]),
     f("~c", [300]), f("~tc", [300]), f("~c", [256 + $b]), f("~c", [a]), f("~2.5c", [$a]), f("~c", [-1]),
     f("~tc", [16#1F600]), f("~0c|", [$a])].
