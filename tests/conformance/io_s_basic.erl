-module(io_s_basic).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~s", ["abc"]), f("~s", [abc]), f("~s", [<<"abc">>]), f("~s", [[<<"ab">>, "c", [$d, [$e]]]]),
     f("~s", [[]]), f("~s", [<<>>]), f("~s", ['']), f("~s", [[$a | <<"b">>]]), f("~s", [123]), f("~s", [{a}]),
     f("~s", [[-1]]), f("~s", [[256]]), f("~s", [[a]]), f("~s", ["é"])].
