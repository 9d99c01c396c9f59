-module(bin_lc_bitstring_gen).
-export([main/0]).
main() ->
    {[X || <<X:8>> <= <<"abc">>], [X || <<X:3>> <= <<255, 255>>], [{A, B} || <<A, B>> <= <<1,2,3,4,5>>],
     [X || <<X:16/little>> <= <<1,0,2,0>>], [B || <<B:2/binary>> <= <<"abcdef">>],
     [X || <<1, X>> <= <<1,2,3,4,1,5>>]}.
