-module(io_w_width).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~10w|", [foo]), f("~-10w|", [foo]), f("~2w|", [foo]), f("~3w|", [foo]), f("~10.5w|", [foo]),
     f("~10.2w|", [foo]), f("~.2w|", [foo]), f("~10..*w|", [foo]), f("~*w|", [6, [1,2]]), f("~-*w|", [6, [1,2]]),
     f("~*w|", [-6, x]), f("~10.4.0w|", [12]), f("~0w|", [a]), f("~w|", [12.5])].
