-module(re_mp).
-export([main/0]).

t(F) -> try F() of R -> R catch C:E -> {C, E} end.

main() ->
    {ok, MP} = re:compile("(?<w>\\w+)@(\\w+)"),
    {ok, MPi} = re:compile("b", [caseless]),
    {ok, MPu} = re:compile("\x{3b2}", [unicode]),
    {ok, MPa} = re:compile("b", [anchored]),
    L = [
     is_tuple(MP), tuple_size(MP), element(1, MP), element(2, MP), element(3, MP), element(4, MP),
     is_binary(element(5, MP)), element(2, MPu), element(3, MPu),
     t(fun() -> re:run("mail: joe@example", MP) end),
     t(fun() -> re:run("mail: joe@example", MP, [{capture, [w], list}]) end),
     t(fun() -> re:run("a@b c@d", MP, [global, {capture, all_but_first, binary}]) end),
     t(fun() -> re:run("ABC", MPi) end), t(fun() -> re:run("ABC", MPi, [caseless]) end),
     t(fun() -> re:run("abc", MPa) end), t(fun() -> re:run("bc", MPa) end),
     t(fun() -> re:run("abc", MPa, [anchored]) end), t(fun() -> re:run("abc", MP, [anchored]) end),
     t(fun() -> re:run("ab", MPu) end), t(fun() -> re:run("\x{3b1}\x{3b2}", MPu) end),
     t(fun() -> re:run("\x{3b1}\x{3b2}", MPu, [unicode]) end),
     t(fun() -> re:run("abc", MPi, [{newline, crlf}]) end),
     t(fun() -> re:run("abc", MPi, [bsr_anycrlf, notbol, noteol, {offset, 1}]) end),
     t(fun() -> re:run("abc", MPi, [dotall]) end),
     t(fun() -> re:replace("a@b c@d", MP, "\\2=\\1", [global, {return, list}]) end),
     t(fun() -> re:split("a@b c@d", MP, [{return, list}]) end),
     t(fun() -> re:split("a@b c@d", MP, [{return, list}, caseless]) end),
     t(fun() -> re:replace("abc", MPi, "x", [caseless]) end),
     t(fun() -> re:run("abc", {re_pattern, 0, 0, 0}) end),
     t(fun() -> re:run("abc", {re_pattern, 0, 0, 0, <<>>}) end),
     t(fun() -> re:run("abc", {re_pattern, a, b, c, d}) end),
     t(fun() -> re:run("abc", {foo, "b"}) end),
     t(fun() -> {error, {M, _}} = re:compile(<<"(?<n>a)(?<n>b)">>), is_list(M) end),
     t(fun() -> {ok, M} = re:compile("a", []), re:run("a", M, [{capture, all, list}]) end),
     t(fun() -> {ok, M} = re:compile(["a", <<"b">>, $c]), re:run("xabc", M) end),
     t(fun() -> re:compile(a) end), t(fun() -> re:compile("a", a) end), t(fun() -> re:compile("a", [a | b]) end),
     t(fun() -> re:compile("a", [global]) end), t(fun() -> re:compile("a", [{offset, 1}]) end),
     t(fun() -> re:compile("a", [report_errors]) end),
     t(fun() -> {error, {_, P}} = re:compile("a)"), P end),
     t(fun() -> {error, {_, P}} = re:compile("[a"), P end),
     t(fun() -> {error, {_, P}} = re:compile("a{2,1}"), P end),
     t(fun() -> {error, {_, P}} = re:compile("\\"), P end)
    ],
    [io:format("~p~n", [X]) || X <- L],
    length(L).
