-module(unicode_incomplete).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> unicode:characters_to_binary([$a, <<16#ce>>]) end),
     c(fun() -> unicode:characters_to_binary([$a, <<16#ce>>, $x]) end),
     c(fun() -> unicode:characters_to_binary(<<"a", 16#e2, 16#82>>) end),
     c(fun() -> unicode:characters_to_binary([$a, <<206>>, <<177>>]) end),
     c(fun() -> unicode:characters_to_binary([$a, [<<206>>], $c]) end),
     c(fun() -> unicode:characters_to_binary([$a, [<<206>>]]) end),
     c(fun() -> unicode:characters_to_binary([[$a, <<206>>]]) end),
     c(fun() -> unicode:characters_to_list(<<"a", 16#ce>>) end),
     c(fun() -> unicode:characters_to_list([<<"a", 16#ce>>, <<16#b1>>]) end),
     c(fun() -> unicode:characters_to_binary(<<16#f0, 16#9f, 16#98>>) end),
     c(fun() -> unicode:characters_to_binary(<<16#f0, 16#8f>>) end),
     c(fun() -> unicode:characters_to_binary(<<16#e0, 16#80>>) end),
     c(fun() -> unicode:characters_to_binary(<<16#c1>>) end),
     c(fun() -> unicode:characters_to_binary(<<16#f5>>) end)].
