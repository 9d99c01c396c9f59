-module(string_old_basic).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:len("abc") end),
     c(fun() -> string:len("") end),
     c(fun() -> string:concat("ab", "cd") end),
     c(fun() -> string:chr("hello", $l) end),
     c(fun() -> string:chr("hello", $z) end),
     c(fun() -> string:rchr("hello", $l) end),
     c(fun() -> string:rchr("hello", $z) end),
     c(fun() -> string:str("hello world", "o w") end),
     c(fun() -> string:str("hello", "") end),
     c(fun() -> string:str("hello", "xyz") end),
     c(fun() -> string:rstr("abcabc", "bc") end),
     c(fun() -> string:rstr("abc", "") end),
     c(fun() -> string:span("aabbcc", "ab") end),
     c(fun() -> string:cspan("aabbcc", "c") end),
     c(fun() -> string:span("", "a") end),
     c(fun() -> string:len(<<"ab">>) end),
     c(fun() -> string:chr("ab", "a") end),
     c(fun() -> string:str(<<"ab">>, "a") end)].
