-module(string_old_pad).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:left("abc", 5) end),
     c(fun() -> string:left("abc", 2) end),
     c(fun() -> string:left("abc", 5, $.) end),
     c(fun() -> string:left("abc", 3) end),
     c(fun() -> string:right("abc", 5) end),
     c(fun() -> string:right("abc", 2) end),
     c(fun() -> string:right("abc", 5, $.) end),
     c(fun() -> string:centre("abc", 7) end),
     c(fun() -> string:centre("abc", 6, $*) end),
     c(fun() -> string:centre("abcdef", 3) end),
     c(fun() -> string:centre("abc", 0) end),
     c(fun() -> string:centre("", 3) end),
     c(fun() -> string:left("abc", -1) end),
     c(fun() -> string:right("abc", 0) end),
     c(fun() -> string:centre("ab", 5, "x") end)].
