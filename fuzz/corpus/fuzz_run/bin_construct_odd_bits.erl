-module(bin_construct_odd_bits).
-export([main/0]).
main() ->
    A = <<1:1>>, B = <<A/bits, 1:2>>, C = <<B/bits, B/bits, 5:7>>,
    {A, B, C, bit_size(C), byte_size(C), <<C/bits, 0:3>>, is_binary(C), is_bitstring(C),
     is_binary(<<C/bits, 0:3>>)}.
