-module(string_old_substr).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:substr("hello", 2) end),
     c(fun() -> string:substr("hello", 2, 3) end),
     c(fun() -> string:substr("hello", 1) end),
     c(fun() -> string:substr("hello", 5, 10) end),
     c(fun() -> string:substr("hello", 6) end),
     c(fun() -> string:substr("hello", 7) end),
     c(fun() -> string:substr("hello", 0) end),
     c(fun() -> string:substr("hello", 2, -1) end),
     c(fun() -> string:sub_string("hello world", 7) end),
     c(fun() -> string:sub_string("hello world", 1, 5) end),
     c(fun() -> string:sub_string("hello", 3, 2) end),
     c(fun() -> string:substr("hello", 6, 0) end),
     c(fun() -> string:substr(<<"ab">>, 1) end)].
