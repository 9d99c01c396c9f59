#!/usr/bin/env escript
%% reader_terms.escript — what OTP 25 makes of term texts, for
%% tests/unit/test_term_reader.c. Each text is scanned (erl_scan), parsed
%% (erl_parse:parse_exprs) and evaluated (erl_eval) as a literal; one line:
%%   HEX(Text) TAB ok TAB HEX(term_to_binary(Value))    or
%%   HEX(Text) TAB error
%% A final dot is allowed (erl_parse needs one: added when missing).
%% Texts: hand-written edge cases, then ~w and ~p of seeded random terms.
%% Usage: escript tests/oracle/reader_terms.escript > tests/data/reader/terms.txt
-mode(compile).

main(_) ->
    rand:seed(exsss, {20261130, 8, 9}),
    Random = lists:append([[fmt("~w", T), fmt("~p", T)] || T <- [term(3) || _ <- lists:seq(1, 300)]]),
    lists:foreach(fun emit/1, fixed() ++ Random).

fmt(F, T) -> unicode:characters_to_list(io_lib:format(F, [T])).

emit(Text) ->
    R = try
            %% the reader allows one final dot, as erl_parse needs it
            Dot = case string:trim(Text, trailing) of
                      "" -> "\n.";
                      Trimmed -> case lists:last(Trimmed) of $. -> ""; _ -> "\n." end
                  end,
            {ok, Toks, _} = erl_scan:string(Text ++ Dot),
            {ok, [E]} = erl_parse:parse_exprs(Toks),
            true = literal(E),
            {value, V, _} = erl_eval:expr(E, []),
            ["ok\t", hex(term_to_binary(V))]
        catch _:_ -> "error"
        end,
    io:put_chars([hex(unicode:characters_to_binary(Text)), "\t", R, "\n"]).

%% Only literal forms count (no calls, operators other than unary +/- on
%% numbers, variables, ...): what a term reader must accept.
literal({integer, _, _}) -> true;
literal({float, _, _}) -> true;
literal({char, _, _}) -> true;
literal({atom, _, _}) -> true;
literal({string, _, _}) -> true;
literal({nil, _}) -> true;
literal({op, _, Op, A}) when Op =:= '-'; Op =:= '+' -> number(A);
literal({tuple, _, Es}) -> lists:all(fun literal/1, Es);
literal({cons, _, H, T}) -> literal(H) andalso literal(T);
literal({map, _, Ps}) -> lists:all(fun({map_field_assoc, _, K, V}) -> literal(K) andalso literal(V);
                                      (_) -> false end, Ps);
literal({bin, _, Es}) -> lists:all(fun bin_elem/1, Es);
literal(_) -> false.

number({integer, _, _}) -> true;
number({float, _, _}) -> true;
number({char, _, _}) -> true;
number({op, _, Op, A}) when Op =:= '-'; Op =:= '+' -> number(A);
number(_) -> false.

bin_elem({bin_element, _, V, S, _}) ->
    (number(V) orelse element(1, V) =:= string) andalso
        (S =:= default orelse element(1, S) =:= integer).

hex(B) -> [io_lib:format("~2.16.0b", [X]) || <<X>> <= B].

fixed() ->
    ["{ok, [1, 2.5, \"str\", <<\"bin\">>, <<1,2>>, #{a => 1}, 'quoted atom', -42, 16#ff, $a, [a|b]]}",
     "0", "-0", "+7", "- 5", "--5", "- - 5", "-+-5", "16#FF", "16#ff", "2#1010", "36#zz", "-16#10",
     "1_000_000", "16#dead_beef", "123456789012345678901234567890", "-123456789012345678901234567890",
     "16#FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", "576460752303423487", "576460752303423488",
     "-576460752303423488", "-576460752303423489", "1.5", "-1.5", "1.0e10", "1.0E-10", "2.5e+3",
     "0.1", "-0.0", "1.7976931348623157e308", "4.9e-324", "1_0.5", "1.0e400", "1e5", "1.",
     "$a", "$\\n", "$\\s", "$\\x{1F600}", "$\\177", "$\\^a", "-$a", "$ ", "$\\\\",
     "a", "abc_DEF@1", "'hello world'", "'A'", "''", "'\\n'", "'\\x{100}'", "'é'", "ok", "true",
     "'a' 'b'", "and", "'and'", "Var", "_", "_x",
     "\"\"", "\"abc\"", "\"a\" \"b\" \"c\"", "\"\\x{1F600}\\n\\t\"", "\"é\"", "[]", "[1]",
     "[1,2,3]", "[1|2]", "[1,2|[3]]", "[1,2|3]", "[[]]", "[a|[b|[c|[]]]]", "[1,]", "[|1]", "[1|2|3]",
     "{}", "{1}", "{1,{2,{3}}}", "{1,}", "{,}", "{1 2}",
     "#{}", "#{a => 1}", "#{a => 1, a => 2}", "#{1 => a, 1.0 => b}", "#{[] => {}, {} => []}",
     "#{a := 1}", "#{a => }", "#{a}", "#{#{} => #{}}",
     "<<>>", "<<1>>", "<<1,2,3>>", "<<\"abc\">>", "<<\"abc\", 0>>", "<<256>>", "<<-1>>",
     "<<1:4>>", "<<1:4, 2:4>>", "<<1:1, 0:1>>", "<<1:12>>", "<<300:16>>", "<<300:16/little>>",
     "<<-2:16/little-signed>>", "<<1:3/unit:8>>", "<<1.5/float>>", "<<1.5:32/float>>",
     "<<-1.5:64/float-little>>", "<<1/float>>", "<<\"é\"/utf8>>", "<<16#1F600/utf8>>",
     "<<\"ab\"/utf16>>", "<<$a/utf32-little>>", "<<\"x\":16>>", "<<1.5>>", "<<X>>", "<<<<1>>/binary>>",
     "<<1:0>>", "<<5:3, 1:5>>", "<<(1)>>", "<<1/integer-unit:4>>", "<<1:2/unit:3>>",
     "<<255:8/native>>", "<<1:100>>", "<<-1:100>>", "<<123456789012345678901234567890:128>>",
     "<<-123456789012345678901234567890:128/little>>", "<<16#D800/utf8>>", "<<\"ab\"/binary>>",
     "<<$a:8/utf8>>", "<<1/bad>>", "<<1:3, 300:16/little, 5:7, -1:70, 1:1>>",
     "<<1:5, 123456789012345678901234567890:100, -123456789012345678901234567890:131>>",
     "<<3:2, \"abc\", 1.5/float, 2.5:32/float-little, $z/utf16-little, 9:4>>",
     "<<1:7, -2:1000/little, 1:1>>", "<<1:1, 16#1F600/utf8, \"é\"/utf16>>",
     "{a, b}.", "{a, b}. ", "{a, b} . x", "1 2", "", ".", "(1)", "1 + 2", "fun() -> ok end",
     "self()", "-a", "-\"x\"", "[1 | 2", "{1", "#{a => 1", "<<1", "'unterminated", "\"unterminated",
     "{ok, \"multi\nline\",\n  [1,\n   2]}", "% comment\n42", "42 % trailing comment"].

term(0) -> leaf();
term(D) ->
    case rand:uniform(8) of
        1 -> list_to_tuple([term(D - 1) || _ <- lists:seq(1, rand:uniform(4) - 1)]);
        2 -> [term(D - 1) || _ <- lists:seq(1, rand:uniform(4) - 1)];
        3 -> [term(D - 1) | term(D - 1)];
        4 -> maps:from_list([{term(D - 1), term(D - 1)} || _ <- lists:seq(1, rand:uniform(5) - 1)]);
        5 -> [rand:uniform(95) + 31 || _ <- lists:seq(1, rand:uniform(12))];
        _ -> leaf()
    end.

leaf() ->
    case rand:uniform(10) of
        1 -> rand:uniform(1000) - 500;
        2 -> rand:uniform(1 bsl 62) - (1 bsl 61);
        3 -> (rand:uniform(2) * 2 - 3) * rand:uniform(1 bsl (64 + rand:uniform(300)));
        4 -> rand:normal() * math:pow(10, rand:uniform(80) - 40);
        5 -> element(rand:uniform(9), {a, b, ok, 'é', 'ĀÉ', '', 'Hello', 'x y', 'a\nb'});
        6 -> list_to_binary([rand:uniform(256) - 1 || _ <- lists:seq(1, rand:uniform(20) - 1)]);
        7 -> list_to_binary([rand:uniform(95) + 31 || _ <- lists:seq(1, rand:uniform(20) - 1)]);
        8 -> N = rand:uniform(30), <<(rand:uniform(1 bsl N) - 1):N>>;
        9 -> [];
        _ -> float(rand:uniform(1000)) / 8
    end.
