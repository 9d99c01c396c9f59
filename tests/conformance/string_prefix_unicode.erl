-module(string_prefix_unicode).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:prefix("\x{4E2D}\x{6587}\x{5B57}\x{7B26}", "\x{4E2D}") end),
     c(fun() -> string:prefix(<<"\x{4E2D}\x{6587}\x{5B57}\x{7B26}"/utf8>>, "\x{4E2D}\x{6587}") end),
     c(fun() -> string:prefix("e\x{301}te\x{301} a\x{30A}\x{301}", "e") end),
     c(fun() -> string:prefix(<<"e\x{301}te\x{301} a\x{30A}\x{301}"/utf8>>, "e\x{301}") end),
     c(fun() -> string:prefix([16#1F468,16#200D,16#1F469,16#200D,16#1F467, $x, 16#1F44D, 16#1F3FD], [16#1F468]) end),
     c(fun() -> string:prefix(<<"\x{1F468}\x{200D}\x{1F469}\x{200D}\x{1F467}x\x{1F44D}\x{1F3FD}"/utf8>>, [16#1F468, 16#200D, 16#1F469, 16#200D, 16#1F467]) end),
     c(fun() -> string:prefix("a\r\nb\n\rc\r\n", "a\r") end),
     c(fun() -> string:prefix(<<"a\r\nb\n\rc\r\n">>, "a\r\n") end),
     c(fun() -> string:prefix([16#1100,16#1161,16#11A8,16#AC00,16#11A8,16#1100,16#AC01,$a], [16#1100, 16#1161]) end),
     c(fun() -> string:prefix([16#1F1F8,16#1F1EA,16#1F1EB,16#1F1EE,16#1F1FA], [16#1F1F8, 16#1F1EA]) end)].
