-module(io_args_errors).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~w", []), f("~w", [a, b]), f("no directives", [x]), f("", []), f("~", []), f("~z", [a]),
     f("~w", a), f("~w", [a | b]), f(123, []), f({"~w"}, [a]), f(["~w", "~w"], [a, b]), f("~w", "a"),
     f("~*w", [a, b]), f("~*w", []), f("~.*w", [x, y]), f("~-w", [a]), f("~W", [a]), f("~W", [a, b]),
     f("~P", [a, x]), f("~X", [1])].
