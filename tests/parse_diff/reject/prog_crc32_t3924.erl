-module(prog_crc32).
-export([crc32/1]).

- crc32(binary())) -> 0..16#FFFFFFFF.
crc32(Bin) -> crc(Bin, 16#FFFFFFFF) bxor 16#FFFFFFFF.

crc(<<>>, C) -> C;
crc(<<B, Rest/binary>>, C) -> crc(Rest, byte(8, C bxor B)).

byte(0, C) -> C;
byte(N, C) when C band 1 =:= 1 -> byte(N - 1, (C bsr 1) bxor 16#EDB88320);
byte(N, C)  byte(N - 1, C bsr 1).
