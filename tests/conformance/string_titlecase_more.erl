-module(string_titlecase_more).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:titlecase("\x{1C4}a") end),
     c(fun() -> string:titlecase("\x{1C6}a") end),
     c(fun() -> string:titlecase("\x{1C7}") end),
     c(fun() -> string:titlecase("\x{1CA}b") end),
     c(fun() -> string:titlecase("\x{1F1}") end),
     c(fun() -> string:titlecase(<<"\x{1F3}x"/utf8>>) end),
     c(fun() -> string:titlecase("\x{DF}x") end),
     c(fun() -> string:titlecase("\x{FB01}x") end),
     c(fun() -> string:titlecase("\x{587}") end),
     c(fun() -> string:titlecase("\x{1F80}") end),
     c(fun() -> string:titlecase("i\x{307}") end),
     c(fun() -> string:titlecase("\x{3B0}") end),
     c(fun() -> string:titlecase("hello world") end),
     c(fun() -> string:titlecase(<<"hello">>) end),
     c(fun() -> string:titlecase("\x{10428}") end),
     c(fun() -> string:titlecase("123") end)].
