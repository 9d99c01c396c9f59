-module(string_old_case).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:to_upper("hello World 123") end),
     c(fun() -> string:to_lower("HELLO World 123") end),
     c(fun() -> string:to_upper($a) end),
     c(fun() -> string:to_lower($A) end),
     c(fun() -> string:to_upper($1) end),
     c(fun() -> string:to_upper("\x{E0}\x{F7}\x{FE}\x{FF}") end),
     c(fun() -> string:to_lower("\x{C0}\x{D7}\x{DE}") end),
     c(fun() -> string:to_upper("\x{3B1}") end),
     c(fun() -> string:to_upper(atom) end),
     c(fun() -> string:to_lower("") end),
     c(fun() -> string:to_upper([$a | "b"]) end)].
