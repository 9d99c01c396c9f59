-module(string_list_to_number).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:list_to_integer("12ab") end),
     c(fun() -> string:list_to_integer("-0") end),
     c(fun() -> string:list_to_integer("x") end),
     c(fun() -> string:list_to_integer(<<"1">>) end),
     c(fun() -> string:list_to_float("1.5x") end),
     c(fun() -> string:list_to_float("1") end),
     c(fun() -> string:list_to_float(<<"1.0">>) end),
     c(fun() -> string:list_to_float("-0.0e0 ") end),
     c(fun() -> string:list_to_integer("+") end)].
