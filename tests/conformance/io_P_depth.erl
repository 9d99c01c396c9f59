-module(io_P_depth).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~P", [[1,2,3], 10]), f("~P", [{a, [b, c], "str"}, 20]), f("~P", [foo, 5]), f("~P", [[], 1]),
     f("~P", [lists:seq(1, 40), 100]), f("~P", [x, -1])].
