-module(io_column).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("abcdefghij~p", [lists:seq(1, 30)]), f("\tx~p", [lists:seq(1, 30)]), f("ab\ncd~p", [lists:seq(1, 30)]),
     f("~10p|", [[1,2,3,4,5,6,7,8,9,10]]), f("~20.5p", [{aaaa, bbbb, cccc, dddd, eeee, ffff}]), f("~-10p", [x]),
     f("~p~p", [lists:seq(1, 30), lists:seq(1, 30)]), f("~.40p", [lists:seq(1, 30)]), f("~0p", [lists:seq(1, 30)])].
