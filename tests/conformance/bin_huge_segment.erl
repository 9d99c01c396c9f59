-module(bin_huge_segment).
-export([main/0]).
main() ->
    B = <<1:1, (-1):(8*4000000), 5:7>>,
    C = <<1:3>>,
    {byte_size(B), binary_part(B, 3999990, 10), C}.
