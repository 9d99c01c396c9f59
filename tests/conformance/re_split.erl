-module(re_split).
-export([main/0]).

t(F) -> try F() of R -> R catch C:E -> {C, E} end.
s(S, P, O) -> t(fun() -> re:split(S, P, O) end).

main() ->
    L = [
     s("a,b,c", ",", []), s("a,b,c", ",", [{return, list}]), s("a,b,c", ",", [{return, iodata}]),
     s(",a,,b,", ",", []), s(",a,,b,", ",", [trim]), s(",a,,b,", ",", [{parts, 0}]),
     s(",a,,b,", ",", [{parts, 1}]), s(",a,,b,", ",", [{parts, 2}]), s(",a,,b,", ",", [{parts, 3}]),
     s(",a,,b,", ",", [{parts, infinity}]), s(",a,,b,", ",", [{parts, 10}]), s(",,,", ",", [trim]),
     s(",,,", ",", []), s("", ",", []), s("", ",", [trim]), s("", "", []), s("abc", "", []),
     s("abc", "x*", [{return, list}]), s("abc", "b*", [{return, list}]), s("abc", "(b)*", [{return, list}]),
     s("a1b2c", "(\\d)", []), s("a1b2c", "(\\d)", [group]), s("a1b2c", "(\\d)", [group, trim]),
     s("a1b2c", "(\\d)(x)?", [{return, list}]), s("a1b2c", "(x)?(\\d)", [{return, list}]),
     s("a1b2c", "(\\d)", [group, {parts, 2}, {return, list}]),
     s("a1b2c33", "(\\d)", [group, trim, {return, list}]), s("a1b2c33", "\\d", [trim, {return, list}]),
     s("a1b2c33", "\\d", [{return, list}]), s("12", "\\d", [group]), s("12", "\\d", [group, trim]),
     s("aXbxc", "x", [caseless, {return, list}]), s("a\nb\nc", "^", [multiline, {return, list}]),
     s("a b  c", "\\s+", [{return, list}]), s("a b  c", " ", [{return, list}]),
     s("abcabc", "b", [{offset, 2}, {return, list}]),
     s("abc", "b", [global]), s("abc", "b", [report_errors]), s("abc", "b", [{capture, all}]),
     s("abc", "b", [{parts, -1}]), s("abc", "b", [{parts, x}]), s("abc", "b", [{return, x}]),
     s("abc", "(", []), s("abc", "b", [bogus]), s(abc, "b", []), s("abc", "b", x),
     s([<<"a,">>, "b"], ",", []), s(<<"a,b">>, <<",">>, [{return, list}]),
     s("a,b", ",", [{parts, 1}, trim]), s("a,b,,", ",", [trim, {parts, 5}]),
     s("a\r\nb", "", [{newline, crlf}, {return, list}]), s("a\r\nb", "", [{return, list}]),
     s("aXXb", "X", [group, {return, binary}]), s("XX", "(X)", [group, trim]), s("XX", "(X)", [trim])
    ],
    [io:format("~p~n", [X]) || X <- L],
    length(L).
