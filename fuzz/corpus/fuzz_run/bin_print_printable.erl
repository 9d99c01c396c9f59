-module(bin_print_printable).
-export([main/0]).
main() ->
    [<<"hello">>, <<"tab\there">>, <<1,2,3>>, <<"caf", 233>>, <<"é"/utf8>>, <<"a", 0>>, <<>>, <<"\e[0m">>,
     <<127>>, <<"line\nbreak">>, <<"quote\"s">>, <<"back\\slash">>, <<200, 201>>].
