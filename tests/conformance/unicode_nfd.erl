-module(unicode_nfd).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> unicode:characters_to_nfd_list("caf\x{e9}") end),
     c(fun() -> unicode:characters_to_nfd_list("cafe\x{301}") end),
     c(fun() -> unicode:characters_to_nfd_list(<<"e\x{301}\x{327}"/utf8>>) end),
     c(fun() -> unicode:characters_to_nfd_list("\x{1E69}\x{1E0B}\x{323}") end),
     c(fun() -> unicode:characters_to_nfd_list([16#1100, 16#1161, 16#11A8]) end),
     c(fun() -> unicode:characters_to_nfd_list("\x{AC01}") end),
     c(fun() -> unicode:characters_to_nfd_list("\x{212B}\x{2126}") end),
     c(fun() -> unicode:characters_to_nfd_list("\x{FB01}\x{FB03}") end),
     c(fun() -> unicode:characters_to_nfd_list("\x{2460}\x{FF21}\x{1D400}") end),
     c(fun() -> unicode:characters_to_nfd_list("a\x{308}\x{304}u\x{308}\x{301}") end),
     c(fun() -> unicode:characters_to_nfd_list("\x{1E9B}\x{323}") end),
     c(fun() -> unicode:characters_to_nfd_list("\x{3D3}\x{3D2}\x{301}") end),
     c(fun() -> unicode:characters_to_nfd_list([<<"A">>, [16#30A], <<"\x{301}"/utf8>>]) end),
     c(fun() -> unicode:characters_to_nfd_list("\x{F900}\x{2F800}") end),
     c(fun() -> unicode:characters_to_nfd_list("\x{D55C}\x{AE00}") end),
     c(fun() -> unicode:characters_to_nfd_list("\x{0344}\x{0F73}") end),
     c(fun() -> unicode:characters_to_nfd_list("\x{1F600}\x{200D}") end),
     c(fun() -> unicode:characters_to_nfd_list("") end),
     c(fun() -> unicode:characters_to_nfd_list(<<>>) end),
     c(fun() -> unicode:characters_to_nfd_binary("caf\x{e9}") end),
     c(fun() -> unicode:characters_to_nfd_binary("cafe\x{301}") end),
     c(fun() -> unicode:characters_to_nfd_binary(<<"e\x{301}\x{327}"/utf8>>) end),
     c(fun() -> unicode:characters_to_nfd_binary("\x{1E69}\x{1E0B}\x{323}") end),
     c(fun() -> unicode:characters_to_nfd_binary([16#1100, 16#1161, 16#11A8]) end),
     c(fun() -> unicode:characters_to_nfd_binary("\x{AC01}") end),
     c(fun() -> unicode:characters_to_nfd_binary("\x{212B}\x{2126}") end),
     c(fun() -> unicode:characters_to_nfd_binary("\x{FB01}\x{FB03}") end),
     c(fun() -> unicode:characters_to_nfd_binary("\x{2460}\x{FF21}\x{1D400}") end),
     c(fun() -> unicode:characters_to_nfd_binary("a\x{308}\x{304}u\x{308}\x{301}") end),
     c(fun() -> unicode:characters_to_nfd_list([$a, <<255>>]) end),
     c(fun() -> unicode:characters_to_nfd_binary(atom) end),
     c(fun() -> unicode:characters_to_nfd_list([$a, -1]) end)].
