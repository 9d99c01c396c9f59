-module(bin_match_utf).
-export([main/0]).
chars(<<C/utf8, R/binary>>) -> [C | chars(R)];
chars(<<>>) -> [];
chars(B) -> {bad, B}.
u16(<<C/utf16, R/binary>>) -> [C | u16(R)];
u16(<<>>) -> [];
u16(B) -> {bad, B}.
main() ->
    {chars(<<"héllo €"/utf8>>), chars(<<16#1F600/utf8>>), chars(<<255, 1>>), chars(<<16#C0, 16#80>>),
     chars(<<237,160,128>>), u16(<<"ab€"/utf16>>), u16(<<16#1F600/utf16>>), u16(<<16#DC00:16>>),
     [X || <<X/utf32-little>> <= <<"abc"/utf32-little>>]}.
