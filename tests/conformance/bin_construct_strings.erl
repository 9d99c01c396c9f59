-module(bin_construct_strings).
-export([main/0]).
main() ->
    X = 33,
    {<<"hello">>, <<"hello", X>>, <<"a", "b", "c">>, <<"">>, <<"abc":16>>, <<"ab":4>>, <<"é">>, <<"\n\t">>}.
