-module(string_old_strip).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:strip("  ab  ") end),
     c(fun() -> string:strip("  ab  ", left) end),
     c(fun() -> string:strip("  ab  ", right) end),
     c(fun() -> string:strip("xxabxx", both, $x) end),
     c(fun() -> string:strip("xxabxx", left, $x) end),
     c(fun() -> string:strip("xxabxx", right, $x) end),
     c(fun() -> string:strip("", both) end),
     c(fun() -> string:strip("xxxx", right, $x) end),
     c(fun() -> string:strip("a x b", both, $x) end),
     c(fun() -> string:strip("ab", middle) end),
     c(fun() -> string:strip("ab", both, "x") end),
     c(fun() -> string:strip("\tab\t") end)].
