-module(bin_varint).
-export([main/0]).
enc(N) when N < 128 -> <<N>>;
enc(N) -> <<1:1, (N band 127):7, (enc(N bsr 7))/binary>>.
dec(<<0:1, X:7, R/binary>>) -> {X, R};
dec(<<1:1, X:7, R/binary>>) -> {Y, R2} = dec(R), {X bor (Y bsl 7), R2}.
main() ->
    Ns = [0, 1, 127, 128, 300, 16384, 1 bsl 40, (1 bsl 70) + 3],
    Es = [enc(N) || N <- Ns],
    {Es, [element(1, dec(E)) || E <- Es] =:= Ns}.
