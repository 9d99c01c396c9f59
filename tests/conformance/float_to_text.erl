-module(float_to_text).
-export([main/0]).

%% float_to_list/1,2 and float_to_binary/1,2: every option, rounding, and
%% the badarg cases (bad options, text that does not fit OTP's buffer).
main() ->
    Floats = [0.0, -0.0, 1.0, -1.5, 0.125, 2.5, 0.15, 1.005, 123456.789, 1.0e-10, 1.0e20,
              1.0e300, 5.0e-324, 1.7976931348623157e308, 9007199254740993.0, 0.999],
    Opts = [[], [short], [compact], [{decimals, 0}], [{decimals, 2}], [{decimals, 2}, compact],
            [{decimals, 0}, compact], [{decimals, 19}, compact], [{decimals, 30}],
            [{scientific, 0}], [{scientific, 3}], [{scientific, 249}],
            [short, {decimals, 3}], [{decimals, 3}, short], [{scientific, 3}, {decimals, 3}],
            [{decimals, 4294967297}], [{scientific, -1}], [{decimals, -1}, short],
            [{decimals, -1}], [{decimals, 254}], [{scientific, 250}], [foo], [{decimals, a}],
            [{decimals, 1, 2}], [{decimals, 1 bsl 70}], [{precision, 2}], [short | compact], bad],
    L = [{F, O, t(fun() -> float_to_list(F, O) end), t(fun() -> float_to_binary(F, O) end)}
         || F <- Floats, O <- Opts],
    Ones = [{float_to_list(F), float_to_binary(F)} || F <- Floats],
    NotFloat = [t(fun() -> float_to_list(X) end) || X <- [1, a, "1.0", float_to_binary(1.0)]]
        ++ [t(fun() -> float_to_binary(X, [short]) end) || X <- [1, a]],
    {L, Ones, NotFloat}.

t(F) ->
    try F() catch error:E -> {error, E} end.
