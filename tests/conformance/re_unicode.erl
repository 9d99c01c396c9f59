-module(re_unicode).
-export([main/0]).

t(F) -> try F() of R -> R catch C:E -> {C, E} end.
r(S, P, O) -> t(fun() -> re:run(S, P, O) end).

main() ->
    U = [unicode],
    L = [
     r("caf\x{e9}", "\x{e9}", U), r("caf\x{e9}", "\x{e9}", []), r(<<"caf\x{e9}">>, "\x{e9}", []),
     r(<<"caf\x{e9}"/utf8>>, "\x{e9}", U), r(<<"caf\x{e9}"/utf8>>, <<"\x{e9}"/utf8>>, U),
     r("\x{3b1}\x{3b2}\x{3b3}", ".", [global, {capture, all, index} | U]),
     r("\x{3b1}\x{3b2}\x{3b3}", ".", [global, {capture, all, list} | U]),
     r("\x{3b1}\x{3b2}\x{3b3}", ".", [global, {capture, all, binary} | U]),
     r("\x{3b1}\x{3b2}\x{3b3}", "\x{3b2}", [{capture, all, list} | U]),
     r("\x{3b1}\x{3b2}\x{3b3}", "", [global | U]),
     r("\x{1f600}x", "(.)x", [{capture, all, list} | U]),
     r("\x{1f600}x", "(.)x", [{capture, all, index} | U]),
     r("\x{c9}COLE", "\x{e9}cole", [caseless | U]),
     r("\x{c9}COLE", "\x{e9}cole", [caseless]),
     r("na\x{ef}ve", "\\w+", [global, {capture, all, list} | U]),
     r("na\x{ef}ve", "\\w+", [global, ucp, {capture, all, list} | U]),
     r("\x{663}\x{664}", "\\d+", [{capture, all, list} | U]),
     r("\x{663}\x{664}", "\\d+", [ucp, {capture, all, list} | U]),
     r("\x{3b1}\x{3b2}", "\\p{Greek}+", [{capture, all, list} | U]),
     r("ab", "\\x{100}", U), r("a\x{100}", "\\x{100}", [{capture, all, index} | U]),
     r([16#100], ".", []), r([<<"a">>, [16#100]], ".", U), r([<<"a">>, 16#e9], "\x{e9}", U),
     r(<<16#e9>>, ".", U), r(<<"a", 16#c3>>, "a", U), r(<<"\x{e9}"/utf8>>, ".", [{capture, all, list}]),
     r(<<"\x{e9}"/utf8>>, ".", [{capture, all, list} | U]),
     r(<<"\x{e9}"/utf8>>, ".", [{offset, 1} | U]),
     r(<<"a\x{e9}b"/utf8>>, "b", [{offset, 3}, {capture, all, index} | U]),
     r(<<"\x{e9}\x{e9}"/utf8>>, "\x{e9}", [global, {capture, all, index} | U]),
     r(<<"\x{e9}\x{e9}"/utf8>>, "\x{e9}", [global, {capture, all, binary} | U]),
     r(<<"\x{e9}"/utf8>>, [16#e9], U), r("x", [16#100], []), r("x", [16#100], U),
     r("x", <<255>>, U), r("\x{ff}", <<255>>, []),
     t(fun() -> re:replace("\x{3b1}\x{3b2}\x{3b3}", "\x{3b2}", "\x{3b4}", [{return, list} | U]) end),
     t(fun() -> re:replace("\x{3b1}\x{3b2}\x{3b3}", "\x{3b2}", "\x{3b4}", [{return, binary} | U]) end),
     t(fun() -> re:replace("\x{3b1}\x{3b2}\x{3b3}", "\x{3b2}", "[&]", U) end),
     t(fun() -> re:replace("\x{3b1}\x{3b2}\x{3b3}", "", "-", [global, {return, list} | U]) end),
     t(fun() -> re:replace("caf\x{e9}", "\x{e9}", "e", [{return, list}]) end),
     t(fun() -> re:split("\x{3b1},\x{3b2},\x{3b3}", ",", [{return, list} | U]) end),
     t(fun() -> re:split("\x{3b1}\x{3b2}\x{3b3}", "", [{return, list} | U]) end),
     t(fun() -> re:split("\x{3b1}\x{3b2}\x{3b3}", "", [{return, binary} | U]) end),
     t(fun() -> re:split("\x{3b1}\x{3b2}\x{3b3}", "\x{3b2}", U) end),
     t(fun() -> {ok, MP} = re:compile("\x{3b2}", U), re:run("\x{3b1}\x{3b2}", MP, [{capture, all, list}]) end),
     t(fun() -> {ok, MP} = re:compile("\x{3b2}", U), re:split("\x{3b1}\x{3b2}\x{3b3}", MP, [{return, list}]) end),
     t(fun() -> {ok, MP} = re:compile("\x{3b2}", U), re:replace("\x{3b1}\x{3b2}\x{3b3}", MP, "b", [{return, list}]) end),
     t(fun() -> {ok, MP} = re:compile("\x{3b2}", U), re:run(<<"\x{3b2}">>, MP) end)
    ],
    [io:format("~w~n", [X]) || X <- L],
    length(L).
