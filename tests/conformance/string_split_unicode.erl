-module(string_split_unicode).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:split("\x{4E2D}\x{6587}\x{5B57}\x{7B26}", "\x{6587}", all) end),
     c(fun() -> string:split(<<"\x{4E2D}\x{6587}\x{5B57}\x{7B26}"/utf8>>, "\x{6587}", all) end),
     c(fun() -> string:split([16#1F468,16#200D,16#1F469,16#200D,16#1F467, $x, 16#1F44D, 16#1F3FD], [16#1F469], all) end),
     c(fun() -> string:split(<<"\x{1F468}\x{200D}\x{1F469}\x{200D}\x{1F467}x\x{1F44D}\x{1F3FD}"/utf8>>, <<"x"/utf8>>, all) end),
     c(fun() -> string:split([16#1F1F8,16#1F1EA,16#1F1EB,16#1F1EE,16#1F1FA], [16#1F1EB,16#1F1EE], all) end),
     c(fun() -> string:split("e\x{301}te\x{301} a\x{30A}\x{301}", "e", all) end),
     c(fun() -> string:split(<<"e\x{301}te\x{301} a\x{30A}\x{301}"/utf8>>, "e\x{301}", all) end),
     c(fun() -> string:split("\x{3A3}\x{391}\x{3A3} \x{3C3}\x{3C2}", " ", all) end),
     c(fun() -> string:split("a\r\nb\n\rc\r\n", "\r\n", all) end),
     c(fun() -> string:split(<<"a\r\nb\n\rc\r\n">>, "\n", all) end),
     c(fun() -> string:split("stra\x{DF}e \x{1E9E}", "\x{DF}", all) end),
     c(fun() -> string:split([16#1100,16#1161,16#11A8,16#AC00,16#11A8,16#1100,16#AC01,$a], [16#AC00], all) end),
     c(fun() -> string:split("\x{915}\x{94D}\x{937}\x{93F} \x{928}\x{940}", [16#93F], all) end),
     c(fun() -> string:split(<<"caf\x{e9} cr\x{e8}me"/utf8>>, <<"\x{e9}"/utf8>>, all) end)].
