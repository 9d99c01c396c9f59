%% base64_matrix.erl -- binary/base64 cases checked against erl while writing lib/binary.erl and lib/base64.erl.
-module(base64_matrix).
-export([main/0]).
main() ->
  T = fun(F) -> try F() catch C:R -> {C,R} end end,
  Ins = [<<"">>, <<"QQ==">>, <<"QQ=">>, <<"QQ">>, <<"QUI=">>, <<"QUJD">>, <<"Q">>, <<"QUJ">>, <<" QQ==">>, <<"Q Q==">>, <<"QQ= =">>, <<"QQ==\n">>,
         <<"QQ==QQ==">>, <<"Q===">>, <<"QR==">>, <<"QUJ=">>, <<"QUK=">>, <<"====">>, <<"*QQ==">>, <<"QQ\r\n==">>, <<"QQ==  ">>, <<"QUJD\tRA==">>, "QQ==", "QQ", [$Q, <<"Q==">>], <<"QQ==", 0>>, <<"QQ=\n=">>, <<"QUJD=">>,<<"QUJDRA">>, <<"QUJDRA=">>, <<"Q\nU\nJ\nD">>, <<"QQ==x">>, <<"QQ=x=">>,<<"QUJDR">>, <<1:3>>, abc, <<"-_">>, <<"Q Q = =">>,
    <<"QQ==",0>>, <<"QQ==*">>, <<"QQ===">>, <<"QQ==",255>>, [$Q,$Q,$=,$=,0], [$Q,$Q,$=,$=,256], [$Q,$Q,$=,$=,-1], [$Q,$Q,$=,$=,a], [$Q,$Q,$=,$=,1.0],[0],[256],[a],[$Q,$Q|x], [$Q,$Q,$=,$=|x], [$Q,$Q,$Q,$Q|x], <<"QQ*Q">>, "QQ*Q", <<"Q*QQ">>, <<"QQQ*">>, <<"QQ=*">>, <<"*Q==">>, "*Q==", "Q*==", "QQ=*", <<"Q*==">>, <<"QQ*=">>, "QQ*=", <<"QQ=Q">>, "QQ=Q", <<"Q=QQ">>, "Q=QQ", <<"=QQQ">>, "=QQQ",<<"=Q==">>,"=Q==",
    <<"QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=">>, <<"QUJDREVG\r\nR0hJSktM\r\nTU5PUFFS\r\nU1RVVldYWVo=">>, <<"QUJD", 0, "REVG">>, <<"QU=JD">>, <<"QUJ=D">>, <<"QU==JD">>, <<"QQ=\0=">>, <<"QQ=\0">>],
  [[I, T(fun() -> base64:decode(I) end), T(fun() -> base64:mime_decode(I) end), T(fun() -> base64:decode_to_string(I) end), T(fun() -> base64:mime_decode_to_string(I) end)] || I <- Ins] ++
  [[I, T(fun() -> base64:encode(I) end), T(fun() -> base64:encode_to_string(I) end)] || I <- [<<>>, <<"A">>, <<"AB">>, <<"ABC">>, "ABCD", [1,2,<<3>>], [256], <<1:3>>, abc, [-1], [$a|$b], [a], [1,a], [1,2,a], [1.0], [1,2,3|x], [1|x], [1,2|x], [300,1,1], [1,1,300], [-5, 0, 0], [300,1,1|x], [300,1,1,a], [1,300], [1,2,3,300], [256,a], <<"The quick brown fox jumps over the lazy dog">>]].
