-module(string_split_edge).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:split("a,b,,c,", ",", all) end),
     c(fun() -> string:split(<<"a,b,,c,">>, ",", all) end),
     c(fun() -> string:split(<<"a,b,,c,">>, <<",">>, trailing) end),
     c(fun() -> string:split("abc", "") end),
     c(fun() -> string:split("abc", <<>>, all) end),
     c(fun() -> string:split("", ",") end),
     c(fun() -> string:split(<<>>, ",", all) end),
     c(fun() -> string:split("abc", "x") end),
     c(fun() -> string:split("a--b--c", "--", all) end),
     c(fun() -> string:split(<<"a--b--c">>, "--", trailing) end),
     c(fun() -> string:split("aaa", "aa", all) end),
     c(fun() -> string:split(<<"aaaa">>, "aa", all) end),
     c(fun() -> string:split("e\x{301}xe", "e") end),
     c(fun() -> string:split(<<"e\x{301}xe"/utf8>>, "e", all) end),
     c(fun() -> string:split("a\r\nb", "\r") end),
     c(fun() -> string:split("a\r\nb", "\n") end),
     c(fun() -> string:split("a\r\nb", "\r\n") end),
     c(fun() -> string:split(<<"x\x{1F468}\x{200D}\x{1F469}y"/utf8>>, "\x{1F468}") end),
     c(fun() -> string:split("abc", "b", middle) end),
     c(fun() -> string:split("abc", 98) end),
     c(fun() -> string:split(<<"a.b">>, [$.], all) end)].
