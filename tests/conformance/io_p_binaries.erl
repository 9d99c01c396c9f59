-module(io_p_binaries).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~p", [list_to_binary(lists:seq(1, 100))]), f("~p", [list_to_binary(lists:duplicate(100, $a))]),
     f("~p", [<<1:1>>]), f("~p", [<<"abc", 1:4>>]), f("~p", [[<<"a">>, <<"b">>]]),
     f("~p", [{x, list_to_binary(lists:seq(200, 255))}]), f("~tp", [<<"a\nb"/utf8>>])].
