-module(try_catch_classes).
-export([main/0]).
main() -> [c(fun() -> throw(1) end), c(fun() -> error(2) end), c(fun() -> exit(3) end)].
c(F) -> try F() catch throw:X -> {t, X}; error:X -> {e, X}; exit:X -> {x, X} end.
