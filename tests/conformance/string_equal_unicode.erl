-module(string_equal_unicode).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:equal("\x{DF}", "ss", true) end),
     c(fun() -> string:equal("\x{1E9E}", "\x{DF}", true) end),
     c(fun() -> string:equal("\x{3A3}\x{3C2}", "\x{3C3}\x{3C3}", true) end),
     c(fun() -> string:equal("\x{130}", "i\x{307}", true) end),
     c(fun() -> string:equal("\x{131}", "I", true) end),
     c(fun() -> string:equal(<<"CAF\x{C9}"/utf8>>, "caf\x{e9}", true) end),
     c(fun() -> string:equal("\x{FB03}", "FFI", true) end),
     c(fun() -> string:equal("\x{1F468}", <<"\x{1F468}"/utf8>>, true) end),
     c(fun() -> string:equal("e\x{301}", "\x{e9}", true) end),
     c(fun() -> string:equal("\x{212B}", "\x{e5}", true) end),
     c(fun() -> string:equal("\x{1C4}", "\x{1C6}", true) end),
     c(fun() -> string:equal("\x{3C9}", "\x{2126}", true) end),
     c(fun() -> string:equal("a", "A", false) end),
     c(fun() -> string:equal(<<"\x{4E2D}"/utf8>>, "\x{4E2D}") end)].
