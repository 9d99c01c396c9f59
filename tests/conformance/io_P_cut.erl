-module(io_P_cut).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~P", [[1,2,3,4,5], 3]), f("~P", [{a, b, c, d, e}, 3]), f("~P", ["abcdefghij", 3]),
     f("~P", [[[[[a]]]], 3])].
