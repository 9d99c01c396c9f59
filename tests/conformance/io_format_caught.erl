-module(io_format_caught).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    io:format("start~n"),
    R1 = c(fun() -> io:format("~w~n", []) end),
    R2 = c(fun() -> io:format(bad, [x]) end),
    R3 = c(fun() -> io:put_chars(foo) end),
    R4 = c(fun() -> io:put_chars([a]) end),
    R5 = c(fun() -> io:format("~z", [1]) end),
    R6 = c(fun() -> io:format("~s", [[300]]) end),
    io:format("end~n"),
    [R1, R2, R3, R4, R5, R6].
