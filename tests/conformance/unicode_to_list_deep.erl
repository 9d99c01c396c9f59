-module(unicode_to_list_deep).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> unicode:characters_to_list([<<"ab">>, [$c, [<<"d">>]], "e", [[]], <<>>]) end),
     c(fun() -> unicode:characters_to_list([$a, <<"b,c">>, ",d", [<<",">>, $e]]) end),
     c(fun() -> unicode:characters_to_list([<<"e">>, [16#301], <<"\x{1F468}"/utf8>>, [16#200D, <<"\x{1F469}"/utf8>>]]) end),
     c(fun() -> unicode:characters_to_list([[[[[$a]]]], <<"b">>, [[<<"c">>, [$d]]]]) end),
     c(fun() -> unicode:characters_to_list([<<"\x{4E2D}"/utf8>> | <<"\x{6587}"/utf8>>]) end),
     c(fun() -> unicode:characters_to_list([[], [[]], <<>>]) end),
     c(fun() -> unicode:characters_to_list([$a, [$b | <<"c">>], $d]) end),
     c(fun() -> unicode:characters_to_binary([<<"ab">>, [$c, [<<"d">>]], "e", [[]], <<>>]) end),
     c(fun() -> unicode:characters_to_binary([<<"e">>, [16#301], <<"\x{1F468}"/utf8>>, [16#200D, <<"\x{1F469}"/utf8>>]]) end),
     c(fun() -> unicode:characters_to_binary([[[[[$a]]]], <<"b">>, [[<<"c">>, [$d]]]]) end),
     c(fun() -> unicode:characters_to_binary([[<<"x">> | <<"y">>] | <<"z">>]) end)].
