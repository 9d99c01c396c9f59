-module(unicode_utf32).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> unicode:characters_to_binary("a\x{e9}\x{1D11E}", unicode, utf32) end),
     c(fun() -> unicode:characters_to_binary("a\x{e9}", unicode, {utf32,little}) end),
     c(fun() -> unicode:characters_to_list(<<97,0,0,0>>, {utf32,little}) end),
     c(fun() -> unicode:characters_to_list(<<0,17,0,0>>, utf32) end),
     c(fun() -> unicode:characters_to_list(<<0,0,216,0>>, utf32) end),
     c(fun() -> unicode:characters_to_list(<<0,0,0,97,0,0>>, utf32) end),
     c(fun() -> unicode:characters_to_binary(<<0,0,0,97>>, {utf32,big}, {utf16,little}) end),
     c(fun() -> unicode:characters_to_binary([<<0,0>>, <<0,97>>], utf32) end),
     c(fun() -> unicode:characters_to_binary([16#1F600], utf32, utf8) end)].
