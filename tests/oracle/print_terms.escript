#!/usr/bin/env escript
%% print_terms.escript — the oracle for src/term/print.c and print_pretty.c:
%% a seeded, deterministic corpus of terms with OTP 25's ~w, ~tw, ~p, ~tp
%% text and ~p at a random column and line length.
%%
%% Output (tests/data/print/terms.txt), one record per term:
%%   term <index> <hex of term_to_binary(T)>
%%   <field> <byte count>\n<bytes of the field, UTF-8>\n      (repeated)
%% fields: w, tw, p, tp, and twice "pc <column> <line length>" (io_lib_pretty
%% with that column and line length, latin1; the second one narrow, often
%% with the column past the line length). Run with
%% ERL_FLAGS="+pc unicode" and the argument "tpu" it writes only the tp field
%% (under io:printable_range() =:= unicode), into terms_tpu.txt.
%% The last records are maps above 32 keys (large_maps/0, HAMT order).
-mode(compile).

main(Args) ->
    rand:seed(exsss, {20261130, 7, 25}),
    Terms = fixed() ++ [gen(pick([1, 2, 2, 3, 3, 4])) || _ <- lists:seq(1, 700)] ++ large_maps(),
    Mode = case Args of ["tpu"] -> tpu; _ -> all end,
    Out = [record(I, T, Mode) || {I, T} <- lists:zip(lists:seq(1, length(Terms)), Terms)],
    ok = io:setopts(standard_io, [binary, {encoding, latin1}]),
    file:write(standard_io, Out).

record(I, T, Mode) ->
    Hex = binary:encode_hex(term_to_binary(T)),
    Head = io_lib:format("term ~w ~s~n", [I, Hex]),
    Fields = case Mode of
                 tpu ->
                     [field("tp", io_lib:format("~tp", [T]))];
                 all ->
                     C = rand:uniform(30),
                     L = 30 + rand:uniform(90),
                     C2 = rand:uniform(60),
                     L2 = 4 + rand:uniform(40),
                     [field("w", io_lib:format("~w", [T])),
                      field("tw", io_lib:format("~tw", [T])),
                      field("p", io_lib:format("~p", [T])),
                      field("tp", io_lib:format("~tp", [T])),
                      field(io_lib:format("pc ~w ~w", [C, L]),
                            io_lib_pretty:print(T, C, L, -1)),
                      field(io_lib:format("pc ~w ~w", [C2, L2]),
                            io_lib_pretty:print(T, C2, L2, -1))]
             end,
    [Head | Fields].

field(Name, Chars) ->
    B = unicode:characters_to_binary(Chars),
    [Name, io_lib:format(" ~w~n", [byte_size(B)]), B, "\n"].

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

fixed() ->
    Atoms = ['a b', 'Abc', '_x', a@b, 'a.b', 'é', 'ßx', 'aé', 'aÀ', 'a×', '÷a',
             list_to_atom([16#4e2d]), list_to_atom("a" ++ [16#4e2d]), '\n', 'a\tb',
             'it\'s', 'back\\slash', list_to_atom([0, 1, 127, 128, 159, 160, 255]),
             'end', 'receive', 'maybe', 'else', 'cond', 'let', 'catch', 'andalso', 'xor',
             '', '[]', true, '\e', '\d', 'a"b', list_to_atom(lists:duplicate(255, $z)),
             list_to_atom([16#10FFFF, 16#FFFE, 16#D7FF]), aZ09_@, 'Ω'],
    Nums = [0, 1, -1, 576460752303423487, -576460752303423488, 576460752303423488,
            -576460752303423489, 1 bsl 64, -(1 bsl 64), (1 bsl 64) - 1, 1 bsl 200,
            -(1 bsl 1000) + 7, (1 bsl 65535) + 12345,
            0.0, -0.0, 1.0, -1.5, 0.1, 1.0e100, 1.0e-100, 5.0e-324, 1.7976931348623157e308,
            123456789012345680.0, 1.0e15, 1.0e16, 0.001, 0.0001],
    Strs = ["", "abc", "a\"b\\c\n\t\r\v\b\f\e", "a\"b\\c\n\t\r\v\b\f\e\d",
            [0, 1, 2, 31, 127, 128, 159, 160, 255], [16#4e2d, 97], [97, 16#4e2d],
            "hello world", "it's", lists:duplicate(100, $x), lists:duplicate(300, $y),
            [$a | b], [97, 98 | 99], [[]], ["abc"], ["abc", "def"], [160, 255, 32, 126],
            [16#D7FF, 16#E000, 16#FFFD, 16#10000, 16#10FFFF], [16#FFFE], [16#D800],
            [1 bsl 70], [-1, 97], [97.0], "ab\x{100}", [10, 10, 10]],
    Bins = [<<>>, <<"abc">>, <<"a\nb">>, <<1, 2, 3>>, <<"é"/utf8>>, <<16#4e2d/utf8>>,
            <<1:3>>, <<1, 2:3>>, <<"abc", 0>>, <<255>>, <<"\"\\">>, <<"a", 200>>,
            <<"hello"/utf16>>, list_to_binary(lists:seq(0, 255)),
            list_to_binary(lists:duplicate(200, $q)), list_to_binary(lists:seq(1, 120)),
            <<16#10FFFF/utf8, "x">>, <<"ascii only">>, <<"ü"/utf8, 1>>, <<0:7>>,
            <<255, 255, 255:5>>, <<"abc", 1:1>>, <<"caf", 16#e9>>],
    Structs = [[], {}, #{}, {a}, {a, b}, {1, 2}, {"s", b}, [1 | 2], [a, b | c],
               [a | <<"x">>], [a | #{}], {[], [[]], {{}}},
               #{b => 1, a => 2, 1 => x, 1.0 => y, "s" => z, {t} => w, [] => n, <<>> => b},
               #{1 => a, 2.0 => b, -1 => c, 1 bsl 70 => d},
               maps:from_list([{I, I * I} || I <- lists:seq(1, 32)]),
               maps:from_list([{list_to_atom("key" ++ integer_to_list(I)), lists:seq(1, I)}
                               || I <- lists:seq(1, 20)]),
               nest(list, 30), nest(tuple, 30), nest(map, 12), nest(tag, 25),
               lists:seq(1, 100), lists:seq(1000, 1200), [lists:seq(1, 30) || _ <- lists:seq(1, 5)],
               {record_like, "name", 42, <<"bin">>, [{k, v}, {k2, "value two"}]},
               {state, #{clients => [{c, I} || I <- lists:seq(1, 12)], opts => [verbose, {level, 3}]},
                lists:duplicate(10, {x, y, z})},
               {ok, lists:duplicate(40, verylongatomnamewithlotsofcharacters)},
               {a_very_long_tag_atom_name_that_is_more_than_half_the_line, [1, 2, 3], {x, y},
                lists:seq(1, 40)},
               [{k, lists:seq(1, 25)}, {kk, lists:seq(1, 25)}],
               #{{complex, key, lists:seq(1, 20)} => {complex, value, lists:seq(1, 20)}},
               #{a => lists:seq(1, 40), b => "string value", c => <<"binary value">>},
               list_to_binary(lists:seq(100, 250)), {list_to_binary(lists:seq(1, 200))},
               [<<1:3>>, <<1, 2:3>>, <<(1 bsl 59):61>>],
               [1.0, -0.0, 1.0e-10, 3.14159], [1 bsl 100, -(1 bsl 100)],
               {tag, a_long_first_element_that_makes_the_tag_tuple_wrap, b, c, d, e, f, g},
               {an_extremely_long_tag_name_well_past_half_of_the_eighty_column_line,
                {inner_tag_also_long_enough_to_matter, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]},
                "x"},
               [{k, #{longer_key_atom_number_one => {value, lists:seq(1, 12)},
                      {tuple, key} => [some, list, value, lists:seq(1, 15)]}}],
               #{[1, 2, 3] => <<1, 2, 3>>, <<"bin key">> => "string value", {x} => {y}},
               [lists:seq(1, 10) | lists:seq(11, 60)], [a | list_to_binary(lists:seq(1, 100))],
               [aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
                | cccccccccccccccccccccccccccccccc],
               {<<0:700>>, <<1:701>>, list_to_binary(lists:seq(200, 255))},
               [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[x]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
               [16#AC00, 16#AC01, 16#1100, 16#1161, 16#11A8, 16#1F1E6, 16#1F1E8, 16#1F1E6,
                16#1F468, 16#200D, 16#1F469, 16#0301, 16#0600, $a],
               {'\x{1100}\x{1161}\x{11A8}', '\x{1F1E6}\x{1F1E8}\x{1F1E6}', lists:seq(1, 30)},
               {list_to_atom([16#1F468, 16#200D, 16#1F469]), [16#1100, 16#1161, 16#11A8, 16#AC00, 16#11A8]},
               [16#D55C, 16#AE00, 16#1160, 16#D7B0, 16#D7CB, 16#1F1FA, 16#1F1F8, 16#1F3FB],
               {list_to_atom([16#1F468, 16#200D, 16#1F469, 16#200D, 16#1F467]), lists:seq(1, 40)},
               {list_to_atom([16#1100, 16#1161, 16#11A8, $x, 16#0301, 16#0600]), lists:seq(1, 40)},
               {list_to_atom([16#1F1FA, 16#1F1F8, 16#1F1E6, 16#A9, 16#200D, 16#1F600]), lists:seq(1, 40)},
               [[16#1F468, 16#200D, 16#1F469, 16#1F3FB, 16#200D, 16#1F467, $a], lists:seq(1, 35)],
               [[16#1F1FA, 16#1F1F8, 16#1F1E6, 16#1F1FA, 16#1F1F8, 16#1F1E6, 16#1F1E6], lists:seq(1, 35)],
               [[16#1100, 16#1100, 16#1161, 16#11A8, 16#11A8, 16#AC00, 16#11A8, 16#AC01, 16#11A8,
                 16#AC01, 16#1161, 16#D7B0, 16#D7CB], lists:seq(1, 35)],
               [unicode:characters_to_binary([16#1F468, 16#200D, 16#1F469, 16#0301, 16#0301]),
                lists:seq(1, 35)]],
    Atoms ++ Nums ++ Strs ++ Bins ++ Structs ++
        [{A, [A], #{A => A}} || A <- lists:sublist(Atoms, 12)].

nest(_, 0) -> leaf;
nest(list, N) -> [N, nest(list, N - 1)];
nest(tuple, N) -> {N, nest(tuple, N - 1)};
nest(map, N) -> #{N => nest(map, N - 1), k => "s"};
nest(tag, N) -> {node, N, [nest(tag, N - 1)]}.

%% ---- random terms ----

pick(L) -> lists:nth(rand:uniform(length(L)), L).

gen(0) -> leaf();
gen(D) ->
    case rand:uniform(12) of
        1 -> leaf();
        2 -> leaf();
        3 -> [gen(D - 1) || _ <- lists:seq(1, rand:uniform(6) - 1)];
        4 -> list_to_tuple([gen(D - 1) || _ <- lists:seq(1, rand:uniform(6) - 1)]);
        5 -> list_to_tuple([atom() | [gen(D - 1) || _ <- lists:seq(1, rand:uniform(5))]]);
        6 -> maps:from_list([{key(), gen(D - 1)} || _ <- lists:seq(1, rand:uniform(8) - 1)]);
        7 -> improper(D);
        8 -> [leaf() || _ <- lists:seq(1, rand:uniform(25))];
        9 -> string();
        10 -> binary();
        11 -> {atom(), string(), gen(D - 1)};
        12 -> [{atom(), gen(D - 1)} || _ <- lists:seq(1, rand:uniform(8))]
    end.

improper(D) ->
    Tail = pick([a, 1, {x}, <<"t">>, #{}, 2.5, <<1:2>>]),
    lists:foldl(fun(E, Acc) -> [E | Acc] end, Tail, [gen(D - 1) || _ <- lists:seq(1, rand:uniform(4))]).

leaf() ->
    case rand:uniform(9) of
        1 -> rand:uniform(2000) - 1000;
        2 -> integer();
        3 -> float();
        4 -> atom();
        5 -> string();
        6 -> binary();
        7 -> [];
        8 -> {};
        9 -> pick([#{}, <<>>, "", 0, -0.0])
    end.

integer() ->
    Bits = pick([8, 30, 59, 60, 61, 63, 64, 65, 100, 128, 500, 1500]),
    V = rand:uniform(1 bsl Bits),
    pick([V, -V]).

float() ->
    case rand:uniform(4) of
        1 -> (rand:uniform() - 0.5) * math:pow(10, rand:uniform(40) - 20);
        2 -> float(rand:uniform(100000)) / 8;
        3 -> <<F/float>> = <<(rand:uniform(16#7FE0000000000000)):64>>, F;
        4 -> pick([0.0, 1.0e23, 9007199254740993.0, 1.0e-5, 100.0, 0.5e-320])
    end.

atom() ->
    case rand:uniform(6) of
        1 -> pick([ok, error, undefined, 'EXIT', 'Caps', '_under', 'with space', 'q\'uote',
                   '', 'end', 'fun', 'éte', 'été', 'Été', 'aü', list_to_atom([16#3b1, 16#3b2])]);
        2 -> list_to_atom([C || C <- randstr(1 + rand:uniform(10), ascii)]);
        3 -> list_to_atom([$a + rand:uniform(25) | [pick("abcxyz_@019AZ") || _ <- lists:seq(1, rand:uniform(12))]]);
        4 -> list_to_atom(randstr(1 + rand:uniform(6), latin1));
        5 -> list_to_atom(randstr(1 + rand:uniform(6), unicode));
        6 -> list_to_atom(lists:duplicate(rand:uniform(60), pick("kq")))
    end.

key() ->
    case rand:uniform(5) of
        1 -> atom();
        2 -> rand:uniform(100);
        3 -> string();
        4 -> leaf();
        5 -> {atom(), rand:uniform(9)}
    end.

string() ->
    case rand:uniform(6) of
        1 -> randstr(rand:uniform(15), ascii);
        2 -> randstr(rand:uniform(15), latin1);
        3 -> randstr(rand:uniform(15), unicode);
        4 -> randstr(rand:uniform(90), ascii);
        5 -> randstr(rand:uniform(8), ctrl);
        6 -> randstr(rand:uniform(12), any)
    end.

randstr(N, Kind) -> [char(Kind) || _ <- lists:seq(1, N)].

char(ascii) -> 31 + rand:uniform(95);
char(latin1) -> pick([char(ascii), 159 + rand:uniform(96)]);
char(unicode) -> pick([char(latin1), 255 + rand:uniform(2000), 16#4E00 + rand:uniform(500),
                       16#1F600 + rand:uniform(50)]);
char(ctrl) -> pick([char(ascii), $\n, $\t, $\r, $\v, $\b, $\f, $\e, $\", $\\, $']);
char(any) -> pick([char(ctrl), rand:uniform(32) - 1, 127, 127 + rand:uniform(32), char(unicode)]).

binary() ->
    case rand:uniform(6) of
        1 -> list_to_binary(randstr(rand:uniform(20), ascii));
        2 -> list_to_binary(randstr(rand:uniform(20), latin1));
        3 -> unicode:characters_to_binary(randstr(rand:uniform(12), unicode));
        4 -> list_to_binary([rand:uniform(256) - 1 || _ <- lists:seq(1, rand:uniform(40))]);
        5 -> Bits = rand:uniform(70), <<(rand:uniform(1 bsl Bits) - 1):Bits>>;
        6 -> list_to_binary(randstr(rand:uniform(10), ctrl))
    end.
