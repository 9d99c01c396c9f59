#!/usr/bin/env escript
%% float_format.escript — writes tests/data/float_format.txt, OTP 25's
%% float_to_list/1,2 on a seeded corpus (src/term/float_format.c's vectors).
%% One line per case: "HEXBITS OPTION RESULT", OPTION one of
%%   default        float_to_list(F)
%%   short          [short]
%%   dN / dcN       [{decimals,N}] / [{decimals,N},compact]
%%   sN             [{scientific,N}]
%% and RESULT the text, or "badarg". Run:
%%   escript tests/oracle/float_format.escript > tests/data/float_format.txt
-mode(compile).

main(_) ->
    rand:seed(exsss, {7, 77, 777}),
    AllOpts = [default, short]
        ++ [{d, N} || N <- lists:seq(0, 20) ++ [21, 25, 40, 100, 253, 254]]
        ++ [{dc, N} || N <- [0, 1, 2, 3, 4, 6, 10, 15, 18, 19, 20, 30, 253]]
        ++ [{s, N} || N <- lists:seq(0, 20) ++ [21, 30, 100, 248, 249, 250]]
        ++ [{d, -1}, {d, 4294967297}, {d, 2147483648}, {d, -4294967295},
            {s, -1}, {s, -100}, {s, 4294967298}, {s, 2147483648}],
    Edge = edge(),
    [case_line(F, O) || F0 <- Edge, F <- [F0, -F0], O <- AllOpts],
    Common = [short, default] ++ [{d, N} || N <- lists:seq(0, 20)] ++ [{dc, N} || N <- [1, 2, 5, 19]]
        ++ [{s, N} || N <- lists:seq(0, 20)],
    Random = [random_double() || _ <- lists:seq(1, 300)]
        ++ [rand:uniform() * math:pow(10, rand:uniform(40) - 20) || _ <- lists:seq(1, 500)]
        ++ [(rand:uniform(1 bsl 20) - 1) / (1 bsl rand:uniform(12)) || _ <- lists:seq(1, 500)]     % binary fractions: exact decimal ties
        ++ [rand:uniform(99999) / pow10(rand:uniform(8)) || _ <- lists:seq(1, 500)]               % short decimals (near ties)
        ++ [rand:uniform(1 bsl 30) + 0.5 || _ <- lists:seq(1, 100)]
        ++ [9007199254740992.0 + rand:uniform(1000) * 2.0 - 1000.0 || _ <- lists:seq(1, 100)],
    [case_line(F, O) || F0 <- Random, F <- [F0, -F0], O <- pick(Common, 8)].

pow10(N) -> math:pow(10, N).

pick(L, K) -> [lists:nth(rand:uniform(length(L)), L) || _ <- lists:seq(1, K)].

edge() ->
    [0.0, 1.0, 0.1, 0.2, 0.3, 0.5, 1.5, 2.5, 3.5, 0.125, 0.375, 0.625, 0.05, 0.15, 0.25, 0.35, 0.45,
     1.005, 2.675, 1.0e-5, 2.5e-5, 1.0e-10, 1.0e-300, 5.0e-324, 2.2250738585072014e-308,
     2.225073858507201e-308, 1.7976931348623157e308, 0.999, 0.9999999, 0.99999999999999999,
     9.5, 99.5, 999.9999, 123.456, 123456789.125, 1000000000000000.5, 1.0e15, 1.0e16, 1.0e17,
     9007199254740991.0, 9007199254740992.0, 9007199254740994.0, 4503599627370495.5,
     1.0e20, 1.0e21, 1.0e22, 1.0e23, 1.0e100, 1.0e250, 1.0e253, 1.0e254, 1.0e255, 1.0e300,
     1.0e308, 2.0/3.0, 1.0/3.0, math:pi(), 0.1 + 0.2, 6.02214076e23, 1.602176634e-19,
     4.35, 0.045, 0.0045, 5.0e-5, 0.95, 0.995, 0.9995, 1.0e18, 1.0e19, 1.8446744073709552e19].

case_line(F, O) ->
    <<B:64>> = <<F/float>>,
    {Tag, Opts} = case O of
                      default -> {"default", none};
                      short -> {"short", [short]};
                      {d, N} -> {"d" ++ integer_to_list(N), [{decimals, N}]};
                      {dc, N} -> {"dc" ++ integer_to_list(N), [{decimals, N}, compact]};
                      {s, N} -> {"s" ++ integer_to_list(N), [{scientific, N}]}
                  end,
    R = try case Opts of none -> float_to_list(F); _ -> float_to_list(F, Opts) end
        catch error:badarg -> "badarg"
        end,
    io:format("~16.16.0B ~s ~s~n", [B, Tag, R]).

random_double() ->
    B = rand:uniform(1 bsl 64) - 1,
    case <<B:64>> of
        <<_:1, 2047:11, _:52>> -> random_double();
        <<F/float>> -> F
    end.
