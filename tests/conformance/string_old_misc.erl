-module(string_old_misc).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:copies("\x{4E2D}", 3) end),
     c(fun() -> string:chars(16#1F600, 2) end),
     c(fun() -> string:tokens("\x{4E2D},\x{6587}", ",") end),
     c(fun() -> string:str("\x{4E2D}\x{6587}", "\x{6587}") end),
     c(fun() -> string:centre("\x{4E2D}", 5, $*) end),
     c(fun() -> string:left("\x{3B1}\x{3B2}", 4, 16#3C9) end),
     c(fun() -> string:right("\x{3B1}", 3) end),
     c(fun() -> string:words("\x{4E2D} \x{6587}") end),
     c(fun() -> string:join(["\x{4E2D}", "\x{6587}"], "\x{B7}") end),
     c(fun() -> string:to_upper("\x{3B1}abc") end),
     c(fun() -> string:strip("\x{3000}a\x{3000}", both, 16#3000) end),
     c(fun() -> string:sub_word("a\x{B7}b", 2, 16#B7) end)].
