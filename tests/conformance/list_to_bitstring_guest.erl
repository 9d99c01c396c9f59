-module(list_to_bitstring_guest).
-export([main/0]).
%% erlang:list_to_bitstring/1 named by a guest: bitstrings anywhere in the
%% deep list (also as a tail), bytes, and the badarg cases.
main() ->
    Inputs = [[<<1:3>>, 5, [<<2>>]], [], [[], <<>>, [[<<7:5>>]]], [1, 2 | <<3:4>>],
              lists:duplicate(8, <<1:1>>), lists:duplicate(1000, <<5:3>>),
              <<1>>, [256], [-1], [a], [1 | 2], atom, [1.0], [<<1:1>> | 3]],
    [try list_to_bitstring(X) of
         B when bit_size(B) > 100 -> {ok, bit_size(B), erlang:phash2(B)};
         B -> {ok, B}
     catch C:R -> {C, R}
     end || X <- Inputs].
