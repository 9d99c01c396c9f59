-module(string_pad_unicode).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:pad([16#1F468,16#200D,16#1F469,16#200D,16#1F467, $x, 16#1F44D, 16#1F3FD], 12, both, $.) end),
     c(fun() -> string:pad(<<"\x{1F468}\x{200D}\x{1F469}\x{200D}\x{1F467}x\x{1F44D}\x{1F3FD}"/utf8>>, 12, both, $.) end),
     c(fun() -> string:pad([16#1F1F8,16#1F1EA,16#1F1EB,16#1F1EE,16#1F1FA], 12, both, $.) end),
     c(fun() -> string:pad("\x{4E2D}\x{6587}\x{5B57}\x{7B26}", 12, both, $.) end),
     c(fun() -> string:pad(<<"\x{4E2D}\x{6587}\x{5B57}\x{7B26}"/utf8>>, 12, both, $.) end),
     c(fun() -> string:pad("\x{3A3}\x{391}\x{3A3} \x{3C3}\x{3C2}", 12, both, $.) end),
     c(fun() -> string:pad(<<"\x{3A3}\x{391}\x{3A3} \x{3C3}\x{3C2}"/utf8>>, 12, both, $.) end),
     c(fun() -> string:pad("stra\x{DF}e \x{1E9E}", 12, both, $.) end),
     c(fun() -> string:pad(<<"stra\x{DF}e \x{1E9E}"/utf8>>, 12, both, $.) end),
     c(fun() -> string:pad("\x{130}\x{131}iI", 12, both, $.) end),
     c(fun() -> string:pad(<<"\x{130}\x{131}iI"/utf8>>, 12, both, $.) end),
     c(fun() -> string:pad("a\r\nb\n\rc\r\n", 12, both, $.) end),
     c(fun() -> string:pad(<<"a\r\nb\n\rc\r\n">>, 12, both, $.) end),
     c(fun() -> string:pad([16#1100,16#1161,16#11A8,16#AC00,16#11A8,16#1100,16#AC01,$a], 12, both, $.) end),
     c(fun() -> string:pad("\x{915}\x{94D}\x{937}\x{93F} \x{928}\x{940}", 12, both, $.) end),
     c(fun() -> string:pad("e\x{301}te\x{301} a\x{30A}\x{301}", 12, both, $.) end),
     c(fun() -> string:pad(<<"e\x{301}te\x{301} a\x{30A}\x{301}"/utf8>>, 12, both, $.) end),
     c(fun() -> string:pad("caf\x{e9} cr\x{e8}me", 12, both, $.) end),
     c(fun() -> string:pad(<<"caf\x{e9} cr\x{e8}me"/utf8>>, 12, both, $.) end),
     c(fun() -> string:pad("ab", 5, leading, [16#1F468, 16#200D, 16#1F469]) end),
     c(fun() -> string:pad(<<"ab">>, 4, trailing, <<"x">>) end)].
