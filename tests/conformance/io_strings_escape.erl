-module(io_strings_escape).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~p", ["\x{7f}"]), f("~p", ["a\"b"]), f("~p", [[7]]), f("~p", ["\s"]), f("~w", ["\n"]),
     f("~p", [<<"\t\n">>]), f("~p", [<<7>>]), f("~p", [[$a, 0]]), f("~p", ["\377"]), f("~tp", ["\x{2028}"])].
