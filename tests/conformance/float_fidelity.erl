-module(float_fidelity).
-export([main/0]).
%% Shortest float text where the nearest decimal of a length does not read
%% back but its neighbour does (powers of two: 2^-24, 2^-44, 2^-77, ...),
%% string:to_float/1 of out-of-range exponents, abs/1 of -0.0.
main() ->
    Pow2 = [math:pow(2, E) || E <- [-24, -44, -77, -1000, -1022, 60, 100, 1023]],
    Texts = [float_to_list(F, [short]) || F <- Pow2],
    io:format("~w~n~p~n", [Pow2, Pow2]),
    Strs = [string:to_float(S) || S <- ["1.0e999", "-1.0e999", "1.0e308", "1.8e308x", "2.0e-999",
                                        "4.9e-324", "2.4e-324 left", "1.5e3x", "1.0e9999999999"]],
    Bins = [string:to_float(<<"1.0e400abc">>), string:to_float(<<"3.25e2abc">>)],
    Abs = [abs(-0.0), abs(0.0), abs(-1.5) | [abs(X) || X <- [-0.0, 0.0, -2.5]]],
    {Texts, Strs, Bins, Abs, [float_to_list(A) || A <- Abs], lists:flatten(io_lib:format("~w ~p", [abs(-0.0), abs(-0.0)]))}.
