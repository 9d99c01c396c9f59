-module(unicode_to_binary).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> unicode:characters_to_binary("abc") end),
     c(fun() -> unicode:characters_to_binary([$a, <<"b">>, [[$c]], 16#3B1]) end),
     c(fun() -> unicode:characters_to_binary(<<"abc">>) end),
     c(fun() -> unicode:characters_to_binary([]) end),
     c(fun() -> unicode:characters_to_binary([[], <<>>]) end),
     c(fun() -> unicode:characters_to_binary([$a, <<"b">> | <<"c">>]) end),
     c(fun() -> unicode:characters_to_binary("\x{1F600}\x{4E2D}") end),
     c(fun() -> unicode:characters_to_binary([16#10FFFF]) end),
     c(fun() -> unicode:characters_to_binary("caf\x{e9}", unicode) end),
     c(fun() -> unicode:characters_to_binary("caf\x{e9}", latin1) end),
     c(fun() -> unicode:characters_to_binary(<<"caf", 233>>, latin1) end),
     c(fun() -> unicode:characters_to_binary(<<"caf", 233>>, latin1, latin1) end),
     c(fun() -> unicode:characters_to_binary(<<"caf\x{e9}"/utf8>>, utf8, latin1) end)].
