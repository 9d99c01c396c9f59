-module(bin_construct_binary).
-export([main/0]).
main() ->
    A = <<1,2,3,4,5>>,
    S = <<1:3>>,
    {<<A/binary>>, <<A:2/binary>>, <<A:3/binary-unit:8>>, <<A/bits, S/bits>>, <<S/bitstring, A/binary>>,
     <<A:12/bits>>, <<A:3/binary-unit:4>>, <<(<<"xyz">>)/binary, "!">>, <<>>, <<A/binary, A/binary, A/binary>>}.
