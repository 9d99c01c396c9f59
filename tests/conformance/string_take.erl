-module(string_take).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:take("abc123", "abc") end),
     c(fun() -> string:take(<<"abc123">>, "abc") end),
     c(fun() -> string:take("abc123", "abc", true) end),
     c(fun() -> string:take(<<"abc123">>, "123", true) end),
     c(fun() -> string:take("abc123", "123", false, trailing) end),
     c(fun() -> string:take(<<"abc123">>, "123", false, trailing) end),
     c(fun() -> string:take("abc123", "abc", true, trailing) end),
     c(fun() -> string:take(<<"abc123">>, "abc", true, trailing) end),
     c(fun() -> string:take("abc", []) end),
     c(fun() -> string:take(<<"abc">>, [], true) end),
     c(fun() -> string:take(<<"abc">>, [], false, trailing) end),
     c(fun() -> string:take("abc", [], true, trailing) end),
     c(fun() -> string:take("", "a") end),
     c(fun() -> string:take(<<>>, "a") end),
     c(fun() -> string:take(<<>>, "a", false, trailing) end),
     c(fun() -> string:take("aaa", "a") end),
     c(fun() -> string:take(<<"aaa">>, "a", false, trailing) end),
     c(fun() -> string:take("e\x{301}e", "e") end),
     c(fun() -> string:take("e\x{301}e", [[$e, 16#301]]) end),
     c(fun() -> string:take(<<"\x{4E2D}\x{6587}ab"/utf8>>, "\x{4E2D}\x{6587}") end),
     c(fun() -> string:take("ab", "a", maybe) end)].
