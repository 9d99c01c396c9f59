#!/usr/bin/env escript
%% gen_floats_sample.escript — writes tests/data/floats_sample.txt: 100,000
%% doubles, one a line, "HEXBITS TEXT" with TEXT = float_to_list(F, [short])
%% (what ~w prints), for test_fmt_float's shortest-text check. The sample
%% leans on the hard cases of shortest round-trip printing: every power of
%% two and its neighbours (lopsided rounding intervals), decimals of 1 to
%% 17 digits at any exponent (ties and near-ties), subnormals, and
%% uniformly random bit patterns.
%% Run: escript tests/oracle/gen_floats_sample.escript > tests/data/floats_sample.txt
main(_) ->
    rand:seed(exsss, {17, 1717, 171717}),
    Pow2 = [B || E <- lists:seq(0, 2046), B <- [E bsl 52]] ++ [1 bsl 51, 1],
    Near = lists:append([[B + 1, B - 1] || B <- Pow2, B > 1]),
    Decimal = [decimal() || _ <- lists:seq(1, 40000)],
    Sub = [rand:uniform(1 bsl 52) - 1 || _ <- lists:seq(1, 3000)],
    Few = [few_bits() || _ <- lists:seq(1, 10000)],
    Fixed = length(Pow2) + length(Near) + length(Decimal) + length(Sub) + length(Few),
    Random = [random_bits() || _ <- lists:seq(1, 100000 - Fixed)],
    [line(B) || B <- Pow2 ++ Near ++ Decimal ++ Sub ++ Few ++ Random].

line(B0) ->
    %% one in eight negative
    B = case rand:uniform(8) of
            1 -> B0 bor (1 bsl 63);
            _ -> B0
        end,
    <<F/float>> = <<B:64>>,
    io:format("~16.16.0B ~s~n", [B, float_to_list(F, [short])]).

%% A decimal of 1..17 significant digits at a random exponent (in range).
decimal() ->
    Digits = rand:uniform(17),
    M = rand:uniform(pow10(Digits)) - 1,
    E = rand:uniform(630) - 325,
    Text = integer_to_list(M) ++ ".0e" ++ integer_to_list(E),
    case catch list_to_float(Text) of
        F when is_float(F), F > 0.0 ->
            <<B:64>> = <<F/float>>,
            B;
        _ -> decimal()
    end.

pow10(0) -> 1;
pow10(N) -> 10 * pow10(N - 1).

%% Mantissas with 2 to 4 bits set, any exponent.
few_bits() ->
    M = lists:foldl(fun(_, Acc) -> Acc bor (1 bsl (rand:uniform(52) - 1)) end, 0, lists:seq(1, rand:uniform(3) + 1)),
    E = rand:uniform(2046),
    (E bsl 52) bor M.

random_bits() ->
    B = rand:uniform(1 bsl 63) - 1,
    case B bsr 52 of
        2047 -> random_bits(); % not finite
        _ -> B
    end.
