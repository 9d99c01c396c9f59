-module(string_pad).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:pad("hello world", 15) end),
     c(fun() -> string:pad("caf\x{e9} cr\x{e8}me", 15) end),
     c(fun() -> string:pad("e\x{301}te\x{301} a\x{30A}\x{301}", 15) end),
     c(fun() -> string:pad(<<"\x{4E2D}\x{6587}\x{5B57}\x{7B26}"/utf8>>, 15) end),
     c(fun() -> string:pad([16#1F468,16#200D,16#1F469,16#200D,16#1F467, $x, 16#1F44D, 16#1F3FD], 15) end),
     c(fun() -> string:pad("", 15) end),
     c(fun() -> string:pad(<<"hello world">>, 14, leading, $*) end),
     c(fun() -> string:pad(<<"e\x{301}te\x{301} a\x{30A}\x{301}"/utf8>>, 14, leading, $*) end),
     c(fun() -> string:pad("\x{3A3}\x{391}\x{3A3} \x{3C3}\x{3C2}", 14, leading, $*) end),
     c(fun() -> string:pad("hello world", 16, both, "-") end),
     c(fun() -> string:pad(<<"caf\x{e9} cr\x{e8}me"/utf8>>, 16, both, "-") end),
     c(fun() -> string:pad([16#1F1F8,16#1F1EA,16#1F1EB,16#1F1EE,16#1F1FA], 16, both, "-") end),
     c(fun() -> string:pad("abc", 2) end),
     c(fun() -> string:pad("abc", -1, both) end),
     c(fun() -> string:pad("ab", 5, both, [$e, 16#301]) end),
     c(fun() -> string:pad("ab", 5, middle) end),
     c(fun() -> string:pad("ab", x) end)].
