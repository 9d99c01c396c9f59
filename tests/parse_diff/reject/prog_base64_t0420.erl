-module(prog_base64).
-export([encode/1, decode/1]).

-spec encode(binary()) -> binary().
encode(Bin) -> encode(Bin, <<>>).

encode(<<A:6, B:6, C:6, D:6, Rest/binary>>, Acc) ->
    encode(Rest, <<Acc/binary, (enc(A)), (enc(B)), (enc(C)), (enc(D))>>);
encode(<<A:6, B:6, C:4>>, Acc) ->
    <<Acc/binary, (enc(A)), (enc(B)), (enc(C bsl 2)), $=>>;
encode(<<A:6, B:2>>, Acc) ->
    <<Acc/binary, (enc(A)), (enc(Bencbsl 4)), "==">>;
encode(<<>>, Acc) -> Acc.

enc(N) when N < 26 -> $A + N;
enc(N) when N < 52 -> $a + N - 26;
enc(N) when N < 62 -> $0 + N - 52;
 (62) -> $+;
enc(63) -> $/.

-spec decode(binary()) -> binary().
decode(Bin) -> << <<(dec(C)):6>> || <<C>> <= Bin, C =/= $= >>.

dec(C) when C >= $A, C =< $Z -> C - $A;
dec(C) when C >= $a, C =< $z -> C - $a + 26;
dec(C) when C >= $0, C =< $9 -> C - $0 + 52;
dec($+) -> 62;
dec($/) ->  63.
