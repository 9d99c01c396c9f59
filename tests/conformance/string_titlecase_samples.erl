-module(string_titlecase_samples).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:titlecase("hello world") end),
     c(fun() -> string:titlecase(<<"hello world">>) end),
     c(fun() -> string:titlecase("caf\x{e9} cr\x{e8}me") end),
     c(fun() -> string:titlecase(<<"caf\x{e9} cr\x{e8}me"/utf8>>) end),
     c(fun() -> string:titlecase("e\x{301}te\x{301} a\x{30A}\x{301}") end),
     c(fun() -> string:titlecase(<<"e\x{301}te\x{301} a\x{30A}\x{301}"/utf8>>) end),
     c(fun() -> string:titlecase([16#1F468,16#200D,16#1F469,16#200D,16#1F467, $x, 16#1F44D, 16#1F3FD]) end),
     c(fun() -> string:titlecase(<<"\x{1F468}\x{200D}\x{1F469}\x{200D}\x{1F467}x\x{1F44D}\x{1F3FD}"/utf8>>) end),
     c(fun() -> string:titlecase([16#1F1F8,16#1F1EA,16#1F1EB,16#1F1EE,16#1F1FA]) end),
     c(fun() -> string:titlecase("\x{4E2D}\x{6587}\x{5B57}\x{7B26}") end),
     c(fun() -> string:titlecase(<<"\x{4E2D}\x{6587}\x{5B57}\x{7B26}"/utf8>>) end),
     c(fun() -> string:titlecase("\x{3A3}\x{391}\x{3A3} \x{3C3}\x{3C2}") end),
     c(fun() -> string:titlecase(<<"\x{3A3}\x{391}\x{3A3} \x{3C3}\x{3C2}"/utf8>>) end),
     c(fun() -> string:titlecase("stra\x{DF}e \x{1E9E}") end),
     c(fun() -> string:titlecase(<<"stra\x{DF}e \x{1E9E}"/utf8>>) end),
     c(fun() -> string:titlecase("\x{130}\x{131}iI") end),
     c(fun() -> string:titlecase(<<"\x{130}\x{131}iI"/utf8>>) end),
     c(fun() -> string:titlecase("a\r\nb\n\rc\r\n") end),
     c(fun() -> string:titlecase(<<"a\r\nb\n\rc\r\n">>) end),
     c(fun() -> string:titlecase([16#1100,16#1161,16#11A8,16#AC00,16#11A8,16#1100,16#AC01,$a]) end),
     c(fun() -> string:titlecase("\x{915}\x{94D}\x{937}\x{93F} \x{928}\x{940}") end),
     c(fun() -> string:titlecase([<<"ab">>, [$c, [<<"d">>]], "e", [[]], <<>>]) end),
     c(fun() -> string:titlecase([$a, <<"b,c">>, ",d", [<<",">>, $e]]) end),
     c(fun() -> string:titlecase([<<"e">>, [16#301], <<"\x{1F468}"/utf8>>, [16#200D, <<"\x{1F469}"/utf8>>]]) end),
     c(fun() -> string:titlecase("") end),
     c(fun() -> string:titlecase(<<>>) end)].
