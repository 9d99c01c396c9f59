-module(string_replace_unicode).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:replace("\x{4E2D}\x{6587}\x{5B57}\x{7B26}", "\x{6587}", "<>", all) end),
     c(fun() -> string:replace(<<"\x{4E2D}\x{6587}\x{5B57}\x{7B26}"/utf8>>, "\x{4E2D}", "<>", all) end),
     c(fun() -> string:replace([16#1F468,16#200D,16#1F469,16#200D,16#1F467, $x, 16#1F44D, 16#1F3FD], "x", "<>", all) end),
     c(fun() -> string:replace("e\x{301}te\x{301} a\x{30A}\x{301}", "t", "<>", all) end),
     c(fun() -> string:replace(<<"e\x{301}te\x{301} a\x{30A}\x{301}"/utf8>>, " ", "<>", all) end),
     c(fun() -> string:replace(<<"\x{3A3}\x{391}\x{3A3} \x{3C3}\x{3C2}"/utf8>>, "\x{3A3}", "<>", all) end),
     c(fun() -> string:replace(<<"a\r\nb\n\rc\r\n">>, "\r\n", "<>", all) end),
     c(fun() -> string:replace("stra\x{DF}e \x{1E9E}", "e", "<>", all) end),
     c(fun() -> string:replace(<<"caf\x{e9} cr\x{e8}me"/utf8>>, " ", <<"_">>, trailing) end),
     c(fun() -> string:replace("e\x{301}te\x{301} a\x{30A}\x{301}", "e", "E", leading) end)].
