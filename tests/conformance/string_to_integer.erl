-module(string_to_integer).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:to_integer("123abc") end),
     c(fun() -> string:to_integer(<<"123abc">>) end),
     c(fun() -> string:to_integer("-42") end),
     c(fun() -> string:to_integer("+7 ") end),
     c(fun() -> string:to_integer("abc") end),
     c(fun() -> string:to_integer("") end),
     c(fun() -> string:to_integer("--1") end),
     c(fun() -> string:to_integer("1-2") end),
     c(fun() -> string:to_integer(<<"99 red">>) end),
     c(fun() -> string:to_integer([$1, <<"23">>, "x"]) end),
     c(fun() -> string:to_integer(atom) end),
     c(fun() -> string:to_integer("12\x{301}") end),
     c(fun() -> string:to_integer("123456789012345678901234567890z") end),
     c(fun() -> string:to_integer(<<"-">>) end)].
