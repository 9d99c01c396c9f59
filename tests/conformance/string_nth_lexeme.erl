-module(string_nth_lexeme).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:nth_lexeme("a,b,c", 2, ",") end),
     c(fun() -> string:nth_lexeme(<<"a,b,c">>, 3, ",") end),
     c(fun() -> string:nth_lexeme(<<"a,b,c">>, 4, ",") end),
     c(fun() -> string:nth_lexeme("a,b,c", 4, ",") end),
     c(fun() -> string:nth_lexeme(",,a,,b", 2, ",") end),
     c(fun() -> string:nth_lexeme("abc", 1, []) end),
     c(fun() -> string:nth_lexeme("abc", 0, ",") end),
     c(fun() -> string:nth_lexeme(<<",,a,,b,,">>, 2, ",") end),
     c(fun() -> string:nth_lexeme("\x{4E2D} \x{6587}", 2, " ") end),
     c(fun() -> string:nth_lexeme("abc", 2, []) end)].
