-module(string_equal).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:equal("abc", <<"abc">>) end),
     c(fun() -> string:equal([$a, <<"bc">>], "abc") end),
     c(fun() -> string:equal("abc", "abd") end),
     c(fun() -> string:equal("", <<>>) end),
     c(fun() -> string:equal("ab", "abc") end),
     c(fun() -> string:equal("ABC", "abc", true) end),
     c(fun() -> string:equal("stra\x{DF}e", "STRASSE", true) end),
     c(fun() -> string:equal("\x{3A3}", "\x{3C3}", true) end),
     c(fun() -> string:equal("\x{3C2}", "\x{3C3}", true) end),
     c(fun() -> string:equal(<<"ABC">>, <<"abc">>, false) end),
     c(fun() -> string:equal("abc", "ABC", true, none) end),
     c(fun() -> string:equal(<<"x">>, "x", false, none) end),
     c(fun() -> string:equal([[$a]], [<<"a">>], true) end)].
