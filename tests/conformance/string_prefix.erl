-module(string_prefix).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:prefix("abcdef", "abc") end),
     c(fun() -> string:prefix(<<"abcdef">>, "abc") end),
     c(fun() -> string:prefix(<<"abcdef">>, <<"abc">>) end),
     c(fun() -> string:prefix("abc", "abc") end),
     c(fun() -> string:prefix(<<"abc">>, "abc") end),
     c(fun() -> string:prefix("abc", "") end),
     c(fun() -> string:prefix("abc", "x") end),
     c(fun() -> string:prefix("e\x{301}x", "e") end),
     c(fun() -> string:prefix("e\x{301}x", [$e, 16#301]) end),
     c(fun() -> string:prefix([<<"ab">>, "cd"], "abc") end),
     c(fun() -> string:prefix("ab", "abc") end),
     c(fun() -> string:prefix(<<"\x{DF}x"/utf8>>, "\x{DF}") end)].
