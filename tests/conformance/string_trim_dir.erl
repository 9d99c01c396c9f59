-module(string_trim_dir).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:trim("..a.b..", leading, ".") end),
     c(fun() -> string:trim("..a.b..", trailing, ".") end),
     c(fun() -> string:trim("..a.b..", both, ".") end),
     c(fun() -> string:trim(<<"..a.b..">>, leading, ".") end),
     c(fun() -> string:trim(<<"..a.b..">>, trailing, ".") end),
     c(fun() -> string:trim(<<"..a.b..">>, both, ".") end),
     c(fun() -> string:trim("xyaxyx", both, "xy") end),
     c(fun() -> string:trim("e\x{301}ae", both, "e") end),
     c(fun() -> string:trim("e\x{301}ae\x{301}", both, [[$e, 16#301]]) end),
     c(fun() -> string:trim(<<"e\x{301}ae\x{301}"/utf8>>, trailing, [[$e, 16#301]]) end),
     c(fun() -> string:trim("abc", both, []) end),
     c(fun() -> string:trim("  a  ", leading) end),
     c(fun() -> string:trim(<<"  a  ">>, trailing) end),
     c(fun() -> string:trim("  a  ", sideways) end),
     c(fun() -> string:trim("\r\n\r\na\r\n", both, [[$\r, $\n]]) end),
     c(fun() -> string:trim(".....", both, ".") end),
     c(fun() -> string:trim(<<".....">>, trailing, ".") end),
     c(fun() -> string:trim([], trailing, ".") end)].
