-module(bin_badarg_utf).
-export([main/0]).
main() ->
    R = [c(fun() -> <<(id(C))/utf8>> end) || C <- [16#D800, 16#110000, -1, foo, 1.0, 16#DFFF]],
    R2 = [c(fun() -> <<(id(C))/utf16>> end) || C <- [16#DFFF, 16#110000, 16#FFFF]],
    R3 = [c(fun() -> <<(id(C))/utf32>> end) || C <- [16#D900, 16#10FFFF, 1 bsl 40]],
    {R, R2, R3}.
id(X) -> X.
c(F) -> try F() catch C:R -> {C, R} end.
