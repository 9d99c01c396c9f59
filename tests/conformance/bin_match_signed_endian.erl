-module(bin_match_signed_endian).
-export([main/0]).
main() ->
    B = <<255, 254, 1, 0, 128, 0, 0, 0>>,
    <<A:16/signed, C:16/little, D:32/little-signed>> = B,
    <<E:16/native, F:12/little, G:4, H:32/signed-big>> = B,
    <<I:3/signed, J:5/signed, _/bits>> = B,
    {A, C, D, E, F, G, H, I, J}.
