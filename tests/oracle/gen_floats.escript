#!/usr/bin/env escript
%% gen_floats.escript — writes tests/data/floats.txt: one line per double,
%% "HEXBITS TEXT", where TEXT is what OTP prints for io:format("~w", [F]).
%% Run: escript tests/oracle/gen_floats.escript > tests/data/floats.txt
main(_) ->
    rand:seed(exsss, {42, 4242, 424242}),
    Special = [1.0, 0.1, 1.0e10, 1.0e15, 1.0e16, 1.0e21, 1.0e22, 1.0e-4, 1.0e-5,
               1.0e-7, 1.0e-8, 0.001, 1000.0, 123456.0, 5.0e-324, 2.2250738585072014e-308,
               1.7976931348623157e308, 0.0, -0.0, 100.0, 12345.678, 0.000123, 0.3,
               2.0/3.0, 9007199254740992.0, 9007199254740993.0, 1.0e23, 4.35, 0.5],
    Decimal = [list_to_float(io_lib:format("~B.~Be~B", [rand:uniform(999), rand:uniform(9999), rand:uniform(40) - 20]))
               || _ <- lists:seq(1, 1000)],
    Bits = [random_double() || _ <- lists:seq(1, 3000)],
    [begin
         <<B:64>> = <<F/float>>,
         io:format("~16.16.0B ~w~n", [B, F])
     end || F0 <- Special ++ Decimal ++ Bits, F <- [F0, -F0]].

random_double() ->
    B = rand:uniform(1 bsl 64) - 1,
    case <<B:64>> of
        <<_:1, 2047:11, _:52>> -> random_double();   % not finite
        <<F/float>> -> F
    end.
