-module(string_case_edge).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:uppercase(<<"a", 255>>) end),
     c(fun() -> string:lowercase([$A, <<255>>]) end),
     c(fun() -> string:uppercase(atom) end),
     c(fun() -> string:titlecase([]) end),
     c(fun() -> string:titlecase(<<>>) end),
     c(fun() -> string:titlecase("\x{DF}x") end),
     c(fun() -> string:titlecase(<<"\x{1C6}x"/utf8>>) end),
     c(fun() -> string:titlecase([<<"ab">>, "c"]) end),
     c(fun() -> string:titlecase([$a, <<"bc">>]) end),
     c(fun() -> string:titlecase([$a|<<>>]) end),
     c(fun() -> string:casefold("\x{130}") end),
     c(fun() -> string:uppercase("\x{1F0}") end),
     c(fun() -> string:lowercase("\x{130}") end),
     c(fun() -> string:uppercase("\x{345}\x{3B9}") end),
     c(fun() -> string:casefold(<<"\x{FB03}"/utf8>>) end),
     c(fun() -> string:uppercase([<<"ab">>, [$c | <<"d">>]]) end)].
