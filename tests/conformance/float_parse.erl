-module(float_parse).
-export([main/0]).

%% list_to_float/1 and binary_to_float/1: OTP's strict syntax. (Binaries
%% come from float_to_binary: this version has no binary expressions.)
main() ->
    Texts = ["1", "1.e5", "1.0", "1,5", "+1.5", "-1.5", ".5", "1.5e", "1.5e+", "1.5E-3",
             "1.5e3", " 1.5", "1.5 ", "1.0e400", "1.0e-400", "1.0e-320", "-1.0e-400", "0.0",
             "-0.0", "1.5e3.0", "1.5x", "", "1..5", "01.50", "1.0e0005", "--1.0", "1.0e-5e",
             "inf", "nan", "0x1.0p3", "1.7976931348623157e308", "1.7976931348623159e308",
             "2.4703282292062328e-324", "2.4703282292062327e-324", "1_0.0", "1.0_0",
             "0.1000000000000000055511151231257827021181583404541015625",
             "123456789012345678901234567890.5e-10", [$1, $., $0, 0, $x], [$1, $., 300],
             "3.14159265358979323846264338327950288419716939937510", "1.0E+2", "1.0e-0"],
    L = [{S, t(fun() -> list_to_float(S) end)} || S <- Texts],
    Bad = [t(fun() -> list_to_float(X) end) || X <- [foo, 1.0, [$1, $., $0 | x], [49.0], float_to_binary(1.0)]]
        ++ [t(fun() -> binary_to_float(X) end) || X <- [foo, "1.0", 1.0]],
    Long = list_to_float("1." ++ zeros(5000, "1")),
    Round = [{F, O, t(fun() -> binary_to_float(float_to_binary(F, O)) end)}
             || F <- [1.5, -0.0, 1.0e-300, 123.456, 5.0e-324],
                O <- [[short], [{decimals, 0}], [{decimals, 2}], [{scientific, 3}], []]],
    {L, Bad, Long, Round}.

zeros(0, Acc) -> Acc;
zeros(N, Acc) -> zeros(N - 1, [$0 | Acc]).

t(F) ->
    try F() catch error:E -> {error, E} end.
