-module(io_p_misc).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~p", [-5]), f("~p", [1 bsl 70]), f("~p", [1.0e-10]), f("~p", [[{a, 1}, {b, 2}]]), f("~p", [{}]),
     f("~p", [#{}]), f("~p", ['if']), f("~p", ['Cap']), f("~p", [[[]]]), f("~p", [{[]}]), f("~p", ["a\\b"]),
     f("~p", ['\'']), f("~p", [[$", $']])].
