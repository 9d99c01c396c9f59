-module(erl_t2b_bits).
-export([main/0]).
%% binaries and bitstrings, including unaligned sub-binaries.
main() ->
    B = <<1, 2, 3, 4, 5, 6, 7, 8, 9>>,
    <<_:3, Unaligned:40/bitstring, _/bitstring>> = B,
    <<_:5, Odd:13/bitstring, _/bitstring>> = B,
    {P1, P2} = split_binary(B, 4),
    Ts = [<<>>, <<0>>, <<1:1>>, <<255:7>>, <<1:9>>, Unaligned, Odd, P1, P2, binary_part(B, 2, 3),
          {B, [P1]}, <<0:100>>, <<"text">>],
    [[term_to_binary(T) || T <- Ts], [binary_to_term(term_to_binary(T)) =:= T || T <- Ts],
     binary_to_term(<<131, 77, 0, 0, 0, 2, 3, 255, 255>>),
     binary_to_term(<<131, 77, 0, 0, 0, 1, 8, 200>>)].
