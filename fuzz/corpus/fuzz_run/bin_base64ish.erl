-module(bin_base64ish).
-export([main/0]).
hex(B) -> << <<(digit(H)), (digit(L))>> || <<H:4, L:4>> <= B >>.
digit(D) when D < 10 -> $0 + D;
digit(D) -> $a + D - 10.
val(C) when C >= $a -> C - $a + 10;
val(C) -> C - $0.
unhex(<<H, L, R/binary>>) -> <<(val(H) * 16 + val(L)), (unhex(R))/binary>>;
unhex(<<>>) -> <<>>.
main() -> H = hex(<<"Hyperlang!", 0, 255>>), {H, unhex(H)}.
