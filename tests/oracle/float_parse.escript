#!/usr/bin/env escript
%% float_parse.escript — writes tests/data/float_parse.txt, OTP 25's
%% list_to_float/1 on seeded texts (src/term/float_format.c's parser
%% vectors): one line per text, "HEXTEXT RESULT", HEXTEXT the text's bytes
%% in hex ("-" for the empty text) and RESULT the double's bits in hex or
%% "badarg". Run:
%%   escript tests/oracle/float_parse.escript > tests/data/float_parse.txt
-mode(compile).

main(_) ->
    rand:seed(exsss, {11, 111, 1111}),
    Noise = [noise() || _ <- lists:seq(1, 3000)],
    Valid = [valid() || _ <- lists:seq(1, 4000)],
    Mutated = [mutate(valid()) || _ <- lists:seq(1, 3000)],
    Printed = [float_to_list(F, [short]) || F <- [random_double() || _ <- lists:seq(1, 1000)]]
        ++ [float_to_list(random_double()) || _ <- lists:seq(1, 500)],
    [line(T) || T <- Noise ++ Valid ++ Mutated ++ Printed].

line(T) ->
    Hex = case T of [] -> "-"; _ -> [io_lib:format("~2.16.0B", [C]) || C <- T] end,
    R = try list_to_float(T) of
            F -> <<B:64>> = <<F/float>>, io_lib:format("~16.16.0B", [B])
        catch error:badarg -> "badarg"
        end,
    io:format("~s ~s~n", [Hex, R]).

pick(L) -> lists:nth(rand:uniform(length(L)), L).

noise() ->
    Alphabet = "0123456789.,eE+- x\t",
    [pick(Alphabet) || _ <- lists:seq(1, rand:uniform(12) - 1)].

digits(Max) -> [pick("0123456789") || _ <- lists:seq(1, rand:uniform(Max))].

valid() ->
    Sign = pick(["", "", "-", "+"]),
    Int = case rand:uniform(4) of 1 -> "0"; 2 -> digits(3); 3 -> digits(20); 4 -> digits(120) end,
    Dot = pick([".", ".", ".", ","]),
    Frac = case rand:uniform(3) of 1 -> digits(2); 2 -> digits(25); 3 -> digits(200) end,
    Exp = case rand:uniform(4) of
              1 -> "";
              _ -> pick(["e", "E"]) ++ pick(["", "+", "-"]) ++
                       integer_to_list(pick([rand:uniform(30), rand:uniform(330), rand:uniform(400),
                                             rand:uniform(5000)]))
          end,
    Sign ++ Int ++ Dot ++ Frac ++ Exp.

mutate(S) ->
    I = rand:uniform(length(S)),
    {A, [_ | B]} = lists:split(I - 1, S),
    case rand:uniform(3) of
        1 -> A ++ B;                                         % drop a character
        2 -> A ++ [pick(".,eE+-x 0")] ++ B;                  % replace it
        3 -> A ++ [pick(".,eE+-0"), lists:nth(I, S)] ++ B    % insert one
    end.

random_double() ->
    B = rand:uniform(1 bsl 64) - 1,
    case <<B:64>> of
        <<_:1, 2047:11, _:52>> -> random_double();
        <<F/float>> -> F
    end.
