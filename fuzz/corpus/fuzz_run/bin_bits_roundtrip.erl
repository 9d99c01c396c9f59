-module(bin_bits_roundtrip).
-export([main/0]).
rt(V, Size) ->
    <<X:Size/signed>> = <<V:Size/signed>>,
    <<Y:Size/little-signed>> = <<V:Size/little-signed>>,
    <<Z:Size/unsigned>> = <<V:Size>>,
    {X, Y, Z}.
main() ->
    [rt(V, S) || {V, S} <- [{-1, 1}, {-1, 7}, {100, 7}, {-12345, 17}, {1 bsl 62, 64}, {-(1 bsl 63), 64},
                           {(1 bsl 65) + 7, 67}, {-(1 bsl 90), 91}, {123456789, 65}]].
