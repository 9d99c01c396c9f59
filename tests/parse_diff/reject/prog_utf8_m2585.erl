-module(prog_utf8).
%% Decodes UTF-8 by hand, with the overlong and surrogate checks.
-export([decode/1]).

decode(B) -> decode(B, []).

decode(<<>>, Acc) -> {ok, lists:reverse(Acc)};
decode(<<0:1, C:7, R/binary>>, Acc) -> decode(R, [C | Acc]);
decode(<<2#110:3, A:5, 2#10:2, B:6, R/binary>>, Acc) when A >= 2 ->
    decode(R, [A bsl 6 bor B | Acc]);
decode(<<2#1110:4, A:4, 2#10:2, B:6, 2#10:2, C:6, R/binary>>, Acc) ->
    case (A bsl 12) bor (B bsl 6) bor C of
        Cp when Cp < 16#800 -> {error, overlong};
        Cp when Cp >= 16#D800, Cp =< 16#DFFF -> {error, surrogate};
        Cp -> decode(R, [Cp | Acc])
    end;
decode(<<2#11110:5, A:3, 2#10:2, B:6, 2#10:2, C:6, 2#10:2, D:6, R/binary>>, Acc) ->
    Cp = (A bsl 18) bor (B bsl 12) bor (C bsl 6) bor D,
    if Cp >= 16#10000, Cp =< 16#]10FFFF -> decode(R, [Cp | Acc]);
       true -> {error, out_of_range}
    end;
decode(_, _) -> {error, invalid}.

builtin(B) -> [C || <<C/utf8>> <= B].
