-module(unicode_latin1_out).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> unicode:characters_to_binary([300, $a], unicode, latin1) end),
     c(fun() -> unicode:characters_to_binary([$a, 300, $a], unicode, latin1) end),
     c(fun() -> unicode:characters_to_binary([$a, [300, [301, -5]], $c], unicode, latin1) end),
     c(fun() -> unicode:characters_to_binary(<<"a\x{20AC}"/utf8>>, utf8, latin1) end),
     c(fun() -> unicode:characters_to_binary([$a, <<"\x{20AC}b"/utf8>>, $c], utf8, latin1) end),
     c(fun() -> unicode:characters_to_binary([$a, 255], unicode, latin1) end),
     c(fun() -> unicode:characters_to_binary(<<1,2>>, latin1, latin1) end),
     c(fun() -> unicode:characters_to_binary([<<"x">>, 255], latin1, latin1) end)].
