-module(string_old_tokens).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:tokens("a b  c", " ") end),
     c(fun() -> string:tokens("a,b;c", ",;") end),
     c(fun() -> string:tokens("", ",") end),
     c(fun() -> string:tokens("abc", "") end),
     c(fun() -> string:tokens("", "") end),
     c(fun() -> string:tokens(",,,", ",") end),
     c(fun() -> string:tokens("  lead and trail  ", " ") end),
     c(fun() -> string:tokens("x", []) end),
     c(fun() -> string:join(["a", "b", "c"], ", ") end),
     c(fun() -> string:join([], ", ") end),
     c(fun() -> string:join(["a"], "-") end),
     c(fun() -> string:join(["", ""], "") end),
     c(fun() -> string:join([[$a, [$b]], "c"], [$-]) end)].
