-module(io_p_layout_list).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~p", [lists:seq(1, 40)]), f("~p", [lists:seq(1000, 1040)]), f("x~p", [lists:seq(1, 40)]),
     f("~p", [[lists:seq(1, 30), lists:seq(1, 30)]]), f("abc: ~p~n", [[{key, value}, {other, lists:seq(1,25)}]])].
