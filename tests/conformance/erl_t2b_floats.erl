-module(erl_t2b_floats).
-export([main/0]).
%% floats: NEW_FLOAT_EXT by default, FLOAT_EXT text with {minor_version, 0}.
main() ->
    Fs = [0.0, 1.0, -1.0, 0.1, 1.5, 1.0e-300, 5.0e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
          -123456.789, 3.141592653589793, 1.0e21, 1.0e-7, 123.0e10],
    [[term_to_binary(F) || F <- Fs], [term_to_binary(F, [{minor_version, 0}]) || F <- Fs],
     [binary_to_term(term_to_binary(F, [{minor_version, 0}])) =:= F || F <- Fs],
     term_to_binary({1.5, [2.5 | 3.5]}, [{minor_version, 0}])].
