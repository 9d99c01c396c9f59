-module(unicode_utf16).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> unicode:characters_to_binary("a\x{e9}", unicode, utf16) end),
     c(fun() -> unicode:characters_to_binary("a\x{e9}\x{1D11E}", unicode, {utf16,little}) end),
     c(fun() -> unicode:characters_to_binary("a\x{1D11E}", unicode, {utf16,big}) end),
     c(fun() -> unicode:characters_to_list(<<0,97,216,52,221,30>>, utf16) end),
     c(fun() -> unicode:characters_to_list(<<0,97,216,52>>, utf16) end),
     c(fun() -> unicode:characters_to_list(<<0,97,216>>, utf16) end),
     c(fun() -> unicode:characters_to_list(<<0,97,220,0,0,98>>, utf16) end),
     c(fun() -> unicode:characters_to_list(<<97,0,52,216,30,221>>, {utf16,little}) end),
     c(fun() -> unicode:characters_to_list([<<0,97>>, <<0>>, 98], utf16) end),
     c(fun() -> unicode:characters_to_binary(<<0,97,0,98>>, utf16, utf8) end),
     c(fun() -> unicode:characters_to_binary(<<0,97,0,233>>, utf16, latin1) end),
     c(fun() -> unicode:characters_to_binary(<<216,0,0,97>>, utf16) end),
     c(fun() -> unicode:characters_to_binary(<<"ab">>, latin1, utf16) end)].
