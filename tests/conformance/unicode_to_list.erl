-module(unicode_to_list).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> unicode:characters_to_list("abc") end),
     c(fun() -> unicode:characters_to_list(<<"abc">>) end),
     c(fun() -> unicode:characters_to_list([$a, <<"bc">>, 300]) end),
     c(fun() -> unicode:characters_to_list(<<"\x{4E2D}\x{1F600}"/utf8>>) end),
     c(fun() -> unicode:characters_to_list([$a|<<"bc">>]) end),
     c(fun() -> unicode:characters_to_list(<<"abc", 255>>) end),
     c(fun() -> unicode:characters_to_list([<<"x">>, 16#D800]) end),
     c(fun() -> unicode:characters_to_list([$a, [<<"b">>, -5, $z], $c]) end),
     c(fun() -> unicode:characters_to_list(<<"abc">>, latin1) end),
     c(fun() -> unicode:characters_to_list([<<1>>, 255, 256], latin1) end),
     c(fun() -> unicode:characters_to_list(<<200, 201>>, latin1) end),
     c(fun() -> unicode:characters_to_list(atom) end),
     c(fun() -> unicode:characters_to_list("x", utf7) end),
     c(fun() -> unicode:characters_to_list([]) end)].
