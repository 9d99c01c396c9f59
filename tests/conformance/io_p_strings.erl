-module(io_p_strings).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~p", [["abc", "def"]]), f("~p", [[[97, 98], 99]]), f("~p", [lists:duplicate(100, $a)]),
     f("~p", [["a very long string number one that is long", "a very long string number two that is long"]]),
     f("~p", [[1000]]), f("~tp", [[1000]]), f("~p", [[255, 254]]), f("~p", [[160]]), f("~p", [[127]]),
     f("~p", ["\e\v\f\b"])].
