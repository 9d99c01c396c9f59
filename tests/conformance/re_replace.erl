-module(re_replace).
-export([main/0]).

t(F) -> try F() of R -> R catch C:E -> {C, E} end.
r(S, P, R, O) -> t(fun() -> re:replace(S, P, R, O) end).

main() ->
    L = [
     r("abc", "b", "x", []), r("abc", "b", "x", [{return, list}]), r("abc", "b", "x", [{return, binary}]),
     r("abc", "b", "x", [{return, iodata}]), r(<<"abc">>, "b", <<"x">>, []),
     r("abcb", "b", "x", [global]), r("abcb", "b", "x", [global, {return, list}]),
     r("bbb", "b", "", [global]), r("bbb", "b", "", [global, {return, binary}]),
     r("abc", "", "-", [global]), r("abc", "", "-", []), r("abc", "x*", "-", [global, {return, list}]),
     r("abc", "$", "!", [{return, list}]), r("abc", "^", "!", [{return, list}]),
     r("a.b.c", "\\.", "\\\\", [global, {return, list}]),
     r("john smith", "(\\w+) (\\w+)", "\\2 \\1", [{return, list}]),
     r("john smith", "(\\w+) (\\w+)", "\\g2 \\g{1}", [{return, list}]),
     r("john smith", "(\\w+) (\\w+)", "[&]", [{return, list}]),
     r("john smith", "(\\w+) (\\w+)", "\\&\\\\", [{return, list}]),
     r("abc", "(b)", "\\10", [{return, list}]), r("abc", "(b)", "\\01", [{return, list}]),
     r("abc", "(b)", "\\g{1}0", [{return, list}]), r("abc", "(b)", "\\g", [{return, list}]),
     r("abc", "(b)", "x\\", [{return, list}]), r("abc", "(b)", "\\g{x}", [{return, list}]),
     r("abc", "(b)", "\\g{1", [{return, list}]), r("abc", "(b)", "\\gx", [{return, list}]),
     r("abc", "(x)?b", "[\\1]", [{return, list}]), r("abc", "b", "[\\5]", [{return, list}]),
     r("abcabc", "b", "X", [{offset, 2}, {return, list}]), r("abcabc", "b", "X", [{offset, 2}, global, {return, list}]),
     r("ABC", "b", "x", [caseless, {return, list}]), r("a\nb", "^b", "x", [multiline, {return, list}]),
     r("abc", "b", "x", [report_errors]), r("abc", "b", "x", [{capture, all}]), r("abc", "b", "x", [{capture, all, list}]),
     r("abc", "b", "x", [{return, foo}]), r("abc", "b", "x", [bogus]), r("abc", "b", x, []), r(abc, "b", "x", []),
     r("abc", "(", "x", []), r("abc", "b", "x", [anchored]), r("abc", "b", "x", notalist),
     r([<<"ab">>, $c], "b", ["x", <<"y">>], []), r("abc", "b", [$x, [<<"&">>]], []),
     r("aaa", "a", "\\0\\0", [global, {return, list}]), r("aaa", "a*?", "-", [global, {return, list}]),
     r("a\r\nb", "", "-", [global, {newline, crlf}, {return, list}]),
     r("a\r\nb", "", "-", [global, {return, list}]),
     r("abc", "b", "x", [{return, list}, {return, binary}]), r("abc", "c", "x", []), r("abc", "a", "x", []),
     r("abc", "abc", "x", []), r("abc", "abc", "", []), r("", "", "x", []), r("", "", "x", [global, {return, list}]),
     r("x", "y", "z", [{return, binary}]), r([<<"x">>], "y", "z", []), r("x", "y", "z", [{return, list}])
    ],
    [io:format("~p~n", [X]) || X <- L],
    length(L).
