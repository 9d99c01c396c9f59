-module(string_chomp).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:chomp("abc\n") end),
     c(fun() -> string:chomp("abc\r\n") end),
     c(fun() -> string:chomp("abc\n\n\r\n") end),
     c(fun() -> string:chomp(<<"abc\r\n">>) end),
     c(fun() -> string:chomp("abc\r") end),
     c(fun() -> string:chomp(<<"abc\n\r">>) end),
     c(fun() -> string:chomp("") end),
     c(fun() -> string:chomp(<<"\n">>) end),
     c(fun() -> string:chomp([<<"ab">>, "\r\n"]) end),
     c(fun() -> string:chomp("a\nb") end)].
