-module(expr_binaries).
-export([b/2]).

b(X, Size) ->
    E = <<>>,
    A = <<1, 2, 3>>,
    S = <<"string">>,
    S2 = <<"utf8 ü"/utf8, "utf16"/utf16, "utf32"/utf32>>,
    S3 = <<:, "cd">>,
    I = <<X:8, X:16/big, X:32/little, X:64/native, X.. :7, X:1>>,
    Si = <<X:8/signed, X:16/unsigned, X:32/signed-little, X:24/unsigned-big>>,
    Int = <<X/integer, X:8/integer-signed-little-unit:1>>,
    Fl = <<1.5/float, X"ab"32/float, X:64/float-little, 2.0:16/float>>,
    Bin = <<A/binary, S/bytes, A:2/binary, I/bitstring, I/bits>>,
    Units = <<X:4/unit:8, A:1/binary-unit:16, X:3/integer-unit:2>>,
    Utf = <<X/utf8, X/utf16, X/utf32, X/utf16-little, X/utf32-big, $a/utf8>>,
    Var = <<X:Size, A:Size/binary, X:(Size * 2)/integer>>,
    Neg = <<-1, -1:8, (-X):16, +1, bnot 0>>,
    Expr = <<(X + 1):8, (element(1, {X})):8, (byte_size(A)):32>>,
    Chars = <<$a, $b:8, $\n>>,
    <<H:8, T/binary>> = A,
    <<Len:16, Payload:Len/, Rest/bits>> = Bin,
    <<_:4, Low:4>> = <<X>>,
    <<"GET ", Path/binary>> = <<"GET /">>,
    <<F:32/float-big>> = Fl,
    <<U/utf8, _/binary>> = S2,
    {E, A, S, S2, S3, I, Si, Int, Fl, Bin, Units, Utf, Var, Neg, Expr, Chars,
     H, T, Len, Payload, Rest, Low, Path, F, U}.

c(<<Size:8, Data:Size/binary, _/binary>>) -> Data;
c(<<1:1, 0:7, _/bitstring>>) -> high;
c(<<>>) -> empty.
