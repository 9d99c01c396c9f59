-module(bin_bc_filter).
-export([main/0]).
main() ->
    Bin = <<"Hello, World 123">>,
    Up = << <<(C - 32)>> || <<C>> <= Bin, C >= $a, C =< $z >>,
    Digits = [C - $0 || <<C>> <= Bin, C >= $0, C =< $9],
    Pairs = [{A, B} || <<A:4, B:4>> <= <<16#12, 16#34>>],
    {Up, Digits, Pairs, [X || <<X:8>> <= <<1,2,3:4>>]}.
