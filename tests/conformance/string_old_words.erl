-module(string_old_words).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:words("  hello  big world ") end),
     c(fun() -> string:words("") end),
     c(fun() -> string:words("a.b..c", $.) end),
     c(fun() -> string:words("abc") end),
     c(fun() -> string:sub_word("hello big world", 2) end),
     c(fun() -> string:sub_word("  hello  big world", 3) end),
     c(fun() -> string:sub_word("a.b..c", 3, $.) end),
     c(fun() -> string:sub_word("hello", 5) end),
     c(fun() -> string:sub_word("hello", 0) end),
     c(fun() -> string:copies("ab", 3) end),
     c(fun() -> string:copies("", 5) end),
     c(fun() -> string:copies("x", 0) end),
     c(fun() -> string:copies("x", -1) end),
     c(fun() -> string:copies(<<"x">>, 2) end),
     c(fun() -> string:chars($a, 3) end),
     c(fun() -> string:chars($b, 2, "tail") end),
     c(fun() -> string:chars($a, 0) end)].
