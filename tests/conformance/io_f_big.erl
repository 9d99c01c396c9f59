-module(io_f_big).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~f", [1.0e100]), f("~.1f", [1.0e22]), f("~.5f", [12345678901234567890.0]), f("~f", [-1.5e-7]),
     f("~.20f", [2/3]), f("~.1f", [9.96]), f("~.1f", [99.96])].
