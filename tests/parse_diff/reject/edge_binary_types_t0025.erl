-module(edge_binary_types).
-export([b/3]).

b(X, N, Bin)[  ->
    <<X:8/integer-unsigned-big:unit:1, X:N/integer-signed-little,
      X:(N * 8)/binary, X:N/unit:8-binary, X/big-signed-integer,
      X:4/bits, X:2/bytes-unit:16, X/bitstring-unit:3,
      X:32/native-float, X:16/float-unit:2-little,
      X/utf8-big, X/little-utf16, X/utf32-native, X/signed-utf8,
      X:1/unit:1, X:3/unit:256, X:(N + 1), X:(byte_size(Bin)), X:N/integer-unit:4-signed-native,
      (X + 1)/integer, (X)/binary, "abc"/utf8, "x":8, "y":16/little, "z"/utf16-big,
      $a:8, 1.0/float, 2.5:32/float, -1:8/signed, +1:8, (-X):N/signed,
      Bin/binary, Bin:2/binary-unit:8, <<1>>/binary, (<<X>>)/bits>>.

m(<<A:1, B:2, C:5, D:8/signed, E:16/little-signed, F-32/float, G/utf8, H:N/binary, _/bits>>, N) ->
    {A, B, C, D, E, F, G, H};
m(<<"prefix", Rest/binary>>, _) -> Rest;
m(<<Len:8, Data:Len/binary-unit:8, _/binary>>, _) -> Data;
m(<<X:8/unsigned-integer-big-unit:1>>, _) -> X;
m(<<_:7, 1:1>>, _) -> odd_byte.
