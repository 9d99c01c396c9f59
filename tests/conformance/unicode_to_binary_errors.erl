-module(unicode_to_binary_errors).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> unicode:characters_to_binary([$a, -1, $b]) end),
     c(fun() -> unicode:characters_to_binary([$a, [$b, 16#110000], $c]) end),
     c(fun() -> unicode:characters_to_binary([$a, <<255, $b>>, $c]) end),
     c(fun() -> unicode:characters_to_binary([$a, [<<255>>, $b], $c]) end),
     c(fun() -> unicode:characters_to_binary([$a, 16#D800]) end),
     c(fun() -> unicode:characters_to_binary(<<237,160,128>>) end),
     c(fun() -> unicode:characters_to_binary(<<192,128>>) end),
     c(fun() -> unicode:characters_to_binary(<<"ab", 255, "cd">>) end),
     c(fun() -> unicode:characters_to_binary(atom) end),
     c(fun() -> unicode:characters_to_binary([a]) end),
     c(fun() -> unicode:characters_to_binary([$a | $b]) end),
     c(fun() -> unicode:characters_to_binary([$a, 3.0]) end),
     c(fun() -> unicode:characters_to_binary(<<1:1>>) end),
     c(fun() -> unicode:characters_to_binary("a", foo) end),
     c(fun() -> unicode:characters_to_binary("a", unicode, bar) end),
     c(fun() -> unicode:characters_to_binary([256], latin1) end),
     c(fun() -> unicode:characters_to_binary([200, <<200>>], latin1) end)].
