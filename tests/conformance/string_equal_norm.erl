-module(string_equal_norm).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> string:equal("caf\x{e9}", "cafe\x{301}", false, none) end),
     c(fun() -> string:equal("caf\x{e9}", "cafe\x{301}", false, nfc) end),
     c(fun() -> string:equal("caf\x{e9}", "cafe\x{301}", false, nfd) end),
     c(fun() -> string:equal("caf\x{e9}", "cafe\x{301}", false, nfkc) end),
     c(fun() -> string:equal("caf\x{e9}", "cafe\x{301}", false, nfkd) end),
     c(fun() -> string:equal("CAF\x{c9}", "cafe\x{301}", true, nfc) end),
     c(fun() -> string:equal("\x{FB01}", "FI", true, nfkc) end),
     c(fun() -> string:equal("\x{FB01}", "fi", false, nfkd) end),
     c(fun() -> string:equal(<<"\x{212B}"/utf8>>, "\x{E5}", false, nfd) end),
     c(fun() -> string:equal("a", "b", true, nfc) end)].
