-module(io_p_layout_tuple).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~p", [{record_like, lists:seq(1, 30), "a string that is rather long indeed", more}]),
     f("~p", [{1, lists:seq(1, 30), 2}]), f("~p", [{a_tag, {nested_tag, [x, y, z], lists:seq(1, 25)}, ok}]),
     f("~p", [list_to_tuple(lists:seq(1, 40))])].
