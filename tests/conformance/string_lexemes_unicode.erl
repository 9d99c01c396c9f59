-module(string_lexemes_unicode).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:lexemes([16#1F468,16#200D,16#1F469,16#200D,16#1F467, $x, 16#1F44D, 16#1F3FD], [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes(<<"\x{1F468}\x{200D}\x{1F469}\x{200D}\x{1F467}x\x{1F44D}\x{1F3FD}"/utf8>>, [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes([16#1F1F8,16#1F1EA,16#1F1EB,16#1F1EE,16#1F1FA], [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes("\x{4E2D}\x{6587}\x{5B57}\x{7B26}", [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes(<<"\x{4E2D}\x{6587}\x{5B57}\x{7B26}"/utf8>>, [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes("\x{3A3}\x{391}\x{3A3} \x{3C3}\x{3C2}", [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes(<<"\x{3A3}\x{391}\x{3A3} \x{3C3}\x{3C2}"/utf8>>, [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes("stra\x{DF}e \x{1E9E}", [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes(<<"stra\x{DF}e \x{1E9E}"/utf8>>, [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes("\x{130}\x{131}iI", [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes(<<"\x{130}\x{131}iI"/utf8>>, [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes("a\r\nb\n\rc\r\n", [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes(<<"a\r\nb\n\rc\r\n">>, [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes([16#1100,16#1161,16#11A8,16#AC00,16#11A8,16#1100,16#AC01,$a], [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes("\x{915}\x{94D}\x{937}\x{93F} \x{928}\x{940}", [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes("e\x{301}te\x{301} a\x{30A}\x{301}", [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes(<<"e\x{301}te\x{301} a\x{30A}\x{301}"/utf8>>, [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes("caf\x{e9} cr\x{e8}me", [$\s, [$\r, $\n], $\n, 16#6587]) end),
     c(fun() -> string:lexemes(<<"caf\x{e9} cr\x{e8}me"/utf8>>, [$\s, [$\r, $\n], $\n, 16#6587]) end)].
