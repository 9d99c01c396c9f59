-module(io_p_basic).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~p", [foo]), f("~p", ["abc"]), f("~p", [[1,2,3]]), f("~p", [[65,66,0]]), f("~p", [<<"abc">>]),
     f("~p", [<<1,2,3>>]), f("~p", [{a, 'B', "c\n"}]), f("~p", [#{a => 1}]), f("~p", [1.5]), f("~p", [[]]),
     f("~p", ["tab\there"]), f("~p", ['quoted atom']), f("~p", [[a|b]]), f("~p", [[$a|$b]]), f("~p", [<<"x\"y">>])].
