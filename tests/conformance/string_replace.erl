-module(string_replace).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:replace("a,b,c", ",", "--") end),
     c(fun() -> string:replace("a,b,c", ",", "--", all) end),
     c(fun() -> string:replace("a,b,c", ",", "--", trailing) end),
     c(fun() -> string:replace(<<"a,b,c">>, ",", <<"::">>, all) end),
     c(fun() -> string:replace("abc", "x", "y") end),
     c(fun() -> string:replace("", "x", "y", all) end),
     c(fun() -> string:replace("e\x{301}e", "e", "E", all) end),
     c(fun() -> string:replace(<<"aXbXc">>, "X", [], all) end)].
