#!/usr/bin/env escript
%% etf_terms.escript — ETF vectors from OTP 25 (the oracle) for
%% tests/unit/test_term_etf.c. Seeded: the output is the same on every run.
%% One line per term:  HEX(term_to_binary(T)) TAB HEX(term_to_binary(T,
%% [compressed])) TAB HEX(term_to_binary(T, [{minor_version, 2}])) TAB ~w,
%% where "=" repeats the first column, "." is not recorded (random terms) and a ~w text over 4000 bytes is "-".
%% Terms are every type the term layer has (no funs/pids/ports/refs: they
%% never cross; maps of any size: large_maps/0 are HAMTs in OTP's order).
%% Usage: escript tests/oracle/etf_terms.escript > tests/data/etf/terms.txt
-mode(compile).

main(_) ->
    rand:seed(exsss, {20261130, 7, 131}),
    Fixed = fixed(),
    Random = [term(4) || _ <- lists:seq(1, 700)],
    lists:foreach(fun(T) -> emit(T, true) end, Fixed),
    lists:foreach(fun(T) -> emit(T, false) end, Random).

emit(T, WithU) ->
    P = term_to_binary(T),
    C = term_to_binary(T, [compressed]),
    U = term_to_binary(T, [{minor_version, 2}]),
    T = binary_to_term(P),
    Text0 = unicode:characters_to_binary(io_lib:format("~w", [T])),
    %% "-" stands for a text too long to be useful, "=" for the plain hex.
    Text = if byte_size(Text0) > 4000 -> <<"-">>; true -> Text0 end,
    Same = fun(B) when B =:= P -> "="; (B) -> hex(B) end,
    UHex = if WithU -> Same(U); true -> "." end, % "." : not recorded
    io:put_chars(standard_io, [hex(P), $\t, Same(C), $\t, UHex, $\t]),
    file:write(standard_io, Text),
    io:put_chars(standard_io, "\n").

hex(B) -> [io_lib:format("~2.16.0b", [X]) || <<X>> <= B].

fixed() ->
    Ints = [0, 1, 255, 256, -1, -256, 2147483647, 2147483648, -2147483648, -2147483649,
            (1 bsl 59) - 1, 1 bsl 59, -(1 bsl 59), -(1 bsl 59) - 1, 1 bsl 63, 1 bsl 64,
            -(1 bsl 64), (1 bsl 64) - 1, 1 bsl 2039, (1 bsl 2040) - 1, 1 bsl 2040,
            -(1 bsl 5000), (1 bsl 65535), -((1 bsl 65536) - 1)],
    Floats = [0.0, -0.0, 1.0, -1.5, 3.141592653589793, 1.0e300, -1.0e-300, 5.0e-324,
              2.2250738585072014e-308, 1.7976931348623157e308, 9007199254740993.0],
    Atoms = [a, abc, '', 'hello world', 'é', 'Ä', 'ĀÉ', '日本', 'with\'quote', 'a\nb',
             list_to_atom(lists:duplicate(255, $x)), list_to_atom(lists:duplicate(255, 16#e9)),
             list_to_atom(lists:duplicate(255, 16#3042)), true, false, nil, ok, undefined],
    Lists = [[], [1], [1, 2, 3], "hello", [0, 255], [256], [-1], [1 | 2], [1, 2 | 3],
             [a | b], [[]], [[1]], ["ab", "cd"], lists:duplicate(65535, 7),
             lists:duplicate(65536, 7), lists:seq(0, 255) ++ [256], [1.0], [1, 2 | <<>>],
             lists:duplicate(1000, {a, 1})],
    Bins = [<<>>, <<1>>, <<"abc">>, binary:copy(<<1, 2, 3>>, 30), binary:copy(<<"x">>, 64),
            binary:copy(<<"x">>, 65), binary:copy(<<"y">>, 3000), <<1:1>>, <<5:3>>, <<255:7>>,
            <<1, 2, 3:4>>, <<0:15>>, <<(binary:copy(<<9>>, 70))/binary, 3:2>>],
    Tuples = [{}, {a}, {1, 2}, list_to_tuple(lists:seq(1, 255)), list_to_tuple(lists:seq(1, 256)),
              {{{{{}}}}}, {[], <<>>, #{}}],
    Maps = [#{}, #{a => 1}, #{b => 1, a => 2}, #{1 => a, 1.0 => b}, #{2 => x, 10 => y, -1 => z},
            #{<<"k">> => v, {t} => u, [l] => w, a => b, 3 => c, 2.5 => d},
            maps:from_list([{I, I * I} || I <- lists:seq(1, 32)]),
            maps:from_list([{integer_to_binary(I), I} || I <- lists:seq(1, 32)]),
            #{#{a => 1} => 1, #{} => 2, #{b => []} => 3}, #{(1 bsl 70) => big, 0.0 => z}],
    Ints ++ Floats ++ Atoms ++ Lists ++ Bins ++ Tuples ++ Maps ++ large_maps().

%% Maps above 32 keys (HAMT): OTP's order is its internal key hash's. Keys
%% hold no atoms (OTP hashes atom table indices, which nothing else can
%% reproduce); values may.
large_maps() ->
    Big40 = maps:from_list([{J, J} || J <- lists:seq(1, 40)]),
    [maps:from_list([{I, I * I} || I <- lists:seq(1, N)]) || N <- [33, 40, 64, 100, 300]] ++
    [maps:from_list([{-I * 7919, I} || I <- lists:seq(1, 50)]),
     maps:from_list([{(I bsl 61) * (1 - 2 * (I rem 2)), I} || I <- lists:seq(1, 40)]),
     maps:from_list([{1 bsl (59 + I), I} || I <- lists:seq(1, 70)]),
     maps:from_list([{I * 1.5 - 20.0, float} || I <- lists:seq(0, 40)] ++ [{-0.0, z}, {1.0e300, h}]),
     maps:from_list([{integer_to_binary(I), I} || I <- lists:seq(1, 60)]),
     maps:from_list([{list_to_binary(lists:seq(1, I)), I} || I <- lists:seq(0, 40)]),
     maps:from_list([{<<I:I>>, I} || I <- lists:seq(1, 45)] ++ [{<<"ab", 3:2>>, x}]),
     maps:from_list([{integer_to_list(I), I} || I <- lists:seq(1, 50)]),
     maps:from_list([{[I, 1.5, <<"x">> | I], [I]} || I <- lists:seq(1, 40)]),
     maps:from_list([{[I, 300, -I, [I]], I} || I <- lists:seq(1, 40)]),
     maps:from_list([{{I, "s", <<I>>}, {value, I}} || I <- lists:seq(1, 40)]),
     maps:from_list([{{}, 0}, {[], 1}, {<<>>, 2}, {"", 3} | [{I, {I}} || I <- lists:seq(1, 40)]]),
     maps:from_list([{#{I => I, "k" => <<"v">>}, I} || I <- lists:seq(1, 35)]),
     maps:from_list([{I, Big40} || I <- lists:seq(1, 34)]),
     maps:from_list([{Big40, big}, {maps:remove(1, Big40), small} | [{I, I} || I <- lists:seq(1, 33)]]),
     maps:from_list([{I, atom_value} || I <- lists:seq(-100, 100)] ++
                    [{integer_to_binary(I), I} || I <- lists:seq(1, 50)] ++
                    [{{I}, I * 0.5} || I <- lists:seq(1, 50)]),
     {maps:from_list([{I, I} || I <- lists:seq(1, 33)]), maps:remove(7, maps:from_list([{I, I} || I <- lists:seq(1, 33)]))},
     [maps:put(K, new, maps:from_list([{I, I} || I <- lists:seq(1, 40)])) || K <- [1, 41, 1000]]].

term(0) -> leaf();
term(D) ->
    case rand:uniform(10) of
        1 -> list_to_tuple([term(D - 1) || _ <- lists:seq(1, rand:uniform(5) - 1)]);
        2 -> [term(D - 1) || _ <- lists:seq(1, rand:uniform(5) - 1)];
        3 -> lists:foldr(fun(X, Acc) -> [X | Acc] end, term(D - 1),
                         [term(D - 1) || _ <- lists:seq(1, rand:uniform(3))]);
        4 -> maps:from_list([{term(D - 1), term(D - 1)} || _ <- lists:seq(1, rand:uniform(8) - 1)]);
        5 -> [rand:uniform(256) - 1 || _ <- lists:seq(1, rand:uniform(40))];
        6 when D > 2 -> list_to_tuple([leaf() || _ <- lists:seq(1, 250 + rand:uniform(20))]);
        _ -> leaf()
    end.

leaf() ->
    case rand:uniform(12) of
        1 -> rand:uniform(256) - 1;
        2 -> rand:uniform(1 bsl 32) - (1 bsl 31);
        3 -> rand:uniform(1 bsl 62) - (1 bsl 61);
        4 -> (rand:uniform(2) * 2 - 3) * rand:uniform(1 bsl (64 + rand:uniform(400)));
        5 -> rand:normal() * math:pow(10, rand:uniform(600) - 300);
        6 -> element(rand:uniform(8), {a, b, ok, 'é', 'ĀÉ', '', 'Hello', 'x y'});
        7 -> list_to_binary([rand:uniform(256) - 1 || _ <- lists:seq(1, rand:uniform(120) - 1)]);
        8 -> N = rand:uniform(80), S = rand:uniform(7),
             <<(rand:uniform(1 bsl (N * 1)) - 1):N, (rand:uniform(1 bsl S) - 1):S>>;
        9 -> [];
        10 -> float(rand:uniform(1000000) - 500000);
        11 -> rand:uniform(1 bsl 20) * 1.0e-310;
        _ -> "str" ++ integer_to_list(rand:uniform(1000))
    end.
