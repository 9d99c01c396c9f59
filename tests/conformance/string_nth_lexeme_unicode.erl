-module(string_nth_lexeme_unicode).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:nth_lexeme([16#1F468,16#200D,16#1F469,16#200D,16#1F467, $x, 16#1F44D, 16#1F3FD], 2, " \r\n") end),
     c(fun() -> string:nth_lexeme(<<"\x{1F468}\x{200D}\x{1F469}\x{200D}\x{1F467}x\x{1F44D}\x{1F3FD}"/utf8>>, 2, " \r\n") end),
     c(fun() -> string:nth_lexeme([16#1F1F8,16#1F1EA,16#1F1EB,16#1F1EE,16#1F1FA], 2, " \r\n") end),
     c(fun() -> string:nth_lexeme("\x{4E2D}\x{6587}\x{5B57}\x{7B26}", 2, " \r\n") end),
     c(fun() -> string:nth_lexeme(<<"\x{4E2D}\x{6587}\x{5B57}\x{7B26}"/utf8>>, 2, " \r\n") end),
     c(fun() -> string:nth_lexeme("\x{3A3}\x{391}\x{3A3} \x{3C3}\x{3C2}", 2, " \r\n") end),
     c(fun() -> string:nth_lexeme(<<"\x{3A3}\x{391}\x{3A3} \x{3C3}\x{3C2}"/utf8>>, 2, " \r\n") end),
     c(fun() -> string:nth_lexeme("stra\x{DF}e \x{1E9E}", 2, " \r\n") end),
     c(fun() -> string:nth_lexeme(<<"stra\x{DF}e \x{1E9E}"/utf8>>, 2, " \r\n") end),
     c(fun() -> string:nth_lexeme("\x{130}\x{131}iI", 2, " \r\n") end),
     c(fun() -> string:nth_lexeme(<<"\x{130}\x{131}iI"/utf8>>, 2, " \r\n") end),
     c(fun() -> string:nth_lexeme("a\r\nb\n\rc\r\n", 2, " \r\n") end),
     c(fun() -> string:nth_lexeme(<<"a\r\nb\n\rc\r\n">>, 2, " \r\n") end),
     c(fun() -> string:nth_lexeme([16#1100,16#1161,16#11A8,16#AC00,16#11A8,16#1100,16#AC01,$a], 2, " \r\n") end),
     c(fun() -> string:nth_lexeme("\x{915}\x{94D}\x{937}\x{93F} \x{928}\x{940}", 2, " \r\n") end),
     c(fun() -> string:nth_lexeme("e\x{301}te\x{301} a\x{30A}\x{301}", 2, " \r\n") end),
     c(fun() -> string:nth_lexeme(<<"e\x{301}te\x{301} a\x{30A}\x{301}"/utf8>>, 2, " \r\n") end),
     c(fun() -> string:nth_lexeme("caf\x{e9} cr\x{e8}me", 2, " \r\n") end),
     c(fun() -> string:nth_lexeme(<<"caf\x{e9} cr\x{e8}me"/utf8>>, 2, " \r\n") end),
     c(fun() -> string:nth_lexeme([16#1F468,16#200D,16#1F469,16#200D,16#1F467, $x, 16#1F44D, 16#1F3FD], 1, [16#200D]) end),
     c(fun() -> string:nth_lexeme(<<"\x{1F468}\x{200D}\x{1F469}\x{200D}\x{1F467}x\x{1F44D}\x{1F3FD}"/utf8>>, 1, [16#200D]) end)].
