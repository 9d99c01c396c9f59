-module(unicode_bom).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> unicode:bom_to_encoding(<<16#EF,16#BB,16#BF,1>>) end),
     c(fun() -> unicode:bom_to_encoding(<<16#FE,16#FF,1>>) end),
     c(fun() -> unicode:bom_to_encoding(<<16#FF,16#FE,1>>) end),
     c(fun() -> unicode:bom_to_encoding(<<16#FF,16#FE,0,0>>) end),
     c(fun() -> unicode:bom_to_encoding(<<0,0,16#FE,16#FF>>) end),
     c(fun() -> unicode:bom_to_encoding(<<1,2>>) end),
     c(fun() -> unicode:bom_to_encoding(<<>>) end),
     c(fun() -> unicode:bom_to_encoding(x) end),
     c(fun() -> unicode:encoding_to_bom(unicode) end),
     c(fun() -> unicode:encoding_to_bom(utf8) end),
     c(fun() -> unicode:encoding_to_bom(utf16) end),
     c(fun() -> unicode:encoding_to_bom({utf16,little}) end),
     c(fun() -> unicode:encoding_to_bom({utf16,big}) end),
     c(fun() -> unicode:encoding_to_bom(utf32) end),
     c(fun() -> unicode:encoding_to_bom({utf32,little}) end),
     c(fun() -> unicode:encoding_to_bom(latin1) end),
     c(fun() -> unicode:encoding_to_bom(x) end)].
