-module(string_to_float).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:to_float("1.5abc") end),
     c(fun() -> string:to_float(<<"1.5abc">>) end),
     c(fun() -> string:to_float("-2.5e3x") end),
     c(fun() -> string:to_float("1e3") end),
     c(fun() -> string:to_float("1.0e") end),
     c(fun() -> string:to_float("1.0e+") end),
     c(fun() -> string:to_float(".5") end),
     c(fun() -> string:to_float("5.") end),
     c(fun() -> string:to_float("3.14,15") end),
     c(fun() -> string:to_float("1,5") end),
     c(fun() -> string:to_float("abc") end),
     c(fun() -> string:to_float("") end),
     c(fun() -> string:to_float(<<"2.0E-2 rest">>) end),
     c(fun() -> string:to_float(atom) end),
     c(fun() -> string:to_float("+1.25") end),
     c(fun() -> string:to_float("1.5.5") end)].
