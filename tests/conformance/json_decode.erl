%% json_decode.erl -- OTP 27's json decoder (lib/json.erl): decode/1,3 and
%% the decoder callbacks.
%% HAND-WRITTEN ORACLE: OTP 25 (our erl) has no json module, so
%% json_decode.expected was written by hand from OTP 27's json documentation
%% (its examples) and the cases its json_SUITE checks (test_decode_*,
%% test_decode_api), not produced by tests/oracle/conformance.escript
%% (docs/testing.md). Each line is "name result" printed with ~p (results
%% kept short enough for one line; byte lists as tuples, so no list is
%% printed as text).
-module(json_decode).
-export([main/0]).

t(Name, F) ->
    R = try F() catch error:Reason -> {error, Reason} end,
    io:format("~s ~p~n", [Name, R]).

d(B) -> json:decode(B).

%% The byte an {invalid_byte, Byte} error names.
bad(B) -> try d(B) catch error:{invalid_byte, Byte} -> Byte end.

%% The suite's ews/1: every space becomes " \s\t\r\n".
ews(B) -> binary:replace(B, <<" ">>, <<" \s\t\r\n">>, [global]).

main() ->
    %% documented examples
    t("doc_decode1", fun() -> d(<<"{\"foo\": 1}">>) end),
    t("doc_decode3", fun() ->
        Push = fun(Key, Value, Acc) -> [{binary_to_existing_atom(Key), Value} | Acc] end,
        json:decode(<<"{\"foo\": 1}">>, ok, #{object_push => Push}) end),
    %% literals
    t("true", fun() -> d(<<"true">>) end),
    t("false", fun() -> d(<<"false">>) end),
    t("null", fun() -> d(<<"null">>) end),
    t("lit_cut", fun() -> d(<<"tru">>) end),
    t("lit_short_wrong", fun() -> d(<<"tx">>) end),
    t("lit_wrong", fun() -> d(<<"trUe!">>) end),
    t("lit_nul", fun() -> d(<<"nul">>) end),
    t("lit_in_array", fun() -> d(<<"[nulx]">>) end),
    %% numbers
    t("num_minus", fun() -> d(<<"-">>) end),
    t("num_minus2", fun() -> d(<<"--1">>) end),
    t("num_01", fun() -> d(<<"01">>) end),
    t("num_dot1", fun() -> d(<<".1">>) end),
    t("num_1dot", fun() -> d(<<"1.">>) end),
    t("num_1e", fun() -> d(<<"1e">>) end),
    t("num_1e_plus", fun() -> d(<<"1.0e+">>) end),
    t("num_1ex", fun() -> d(<<"1ex">>) end),
    t("num_1dotx", fun() -> d(<<"[1.x]">>) end),
    t("num_1e999", fun() -> d(<<"1e999">>) end),
    t("num_1e999_in", fun() -> d(<<"[1.5e999]">>) end),
    t("num_plus", fun() -> d(<<"+1">>) end),
    t("num_ints", fun() -> [d(<<"0">>), d(<<"1">>), d(<<"-0">>), d(<<"-1">>), d(<<"42">>)] end),
    t("num_floats", fun() -> [d(<<"0.0">>), d(<<"-0.0">>), d(<<"0.1">>), d(<<"-0.1">>)] end),
    t("num_exps", fun() -> [d(<<"0e0">>), d(<<"0E0">>), d(<<"1e0">>), d(<<"1E0">>), d(<<"1.0e0">>),
                            d(<<"1e+0">>), d(<<"1.0e+0">>), d(<<"-0e1">>)] end),
    t("num_e_frac", fun() -> [d(<<"0.1e1">>), d(<<"0.1e-1">>), d(<<"99.99e99">>), d(<<"-99.99e-99">>)] end),
    t("num_long_frac", fun() -> d(<<"123456789.123456789e123">>) end),
    t("num_underflow", fun() -> [d(<<"123.456e-789">>), d(<<"1e-400">>)] end),
    t("num_64bit", fun() -> [d(<<"9223372036854775807">>), d(<<"-9223372036854775808">>),
                             d(<<"18446744073709551615">>)] end),
    t("num_big", fun() -> d(<<"-123456789012345678901">>) end),
    t("num_500_nines", fun() -> N = binary:copy(<<"9">>, 500), d(N) =:= binary_to_integer(N) end),
    t("num_array", fun() -> d(<<"[1,-22,333,1234567890123456789012]">>) end),
    t("num_integer_fun", fun() ->
        json:decode(<<"[7,-12,0]">>, ok, #{integer => fun(B) -> {int, B} end}) end),
    t("num_float_fun", fun() ->
        json:decode(<<"[2.5,1e2]">>, ok, #{float => fun(B) -> {flt, B} end}) end),
    t("num_float_fun_raises", fun() ->
        json:decode(<<"[2.5]">>, ok, #{float => fun(_) -> error(no) end}) end),
    %% strings
    t("str_open", fun() -> d(<<"\"">>) end),
    t("str_open_esc", fun() -> d(<<"\"\\\"">>) end),
    t("str_bad_esc", fun() -> d(<<"\"\\k\"">>) end),
    t("str_cr", fun() -> d(<<"\"a\r\"">>) end),
    t("str_80", fun() -> d(<<"\"", 16#80, "\"">>) end),
    t("str_1f", fun() -> d(<<"\"", 16#1F, "\"">>) end),
    t("str_cut_after_u", fun() -> d(<<"\"\\u2603\\\"">>) end),
    t("str_cut_text", fun() -> d(<<"\"Here's a snowman for you: ☃. Good day!"/utf8>>) end),
    t("str_cut_clef", fun() -> d(<<"\"𝄞"/utf8>>) end),
    t("str_cut_utf8", fun() -> d(<<"\"", 16#e2, 16#82>>) end),
    t("str_bad_low", fun() -> d(<<"\"\\ud8aa\\udcxx\"">>) end),
    t("str_two_high", fun() -> d(<<"\"\\ud8aa\\uda00\"">>) end),
    t("str_bad_hex", fun() -> d(<<"\"\\uxxxx\"">>) end),
    t("str_lone_low", fun() -> d(<<"\"\\udc00\"">>) end),
    t("str_lone_high_end", fun() -> d(<<"\"\\ud800\"">>) end),
    t("str_lone_high", fun() -> d(<<"\"\\ud800abcdefgh\"">>) end),
    t("str_cut_u", fun() -> d(<<"\"\\u26">>) end),
    t("str_escapes", fun() -> d(<<"\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"">>) end),
    t("str_snowman", fun() -> d(<<"\"\\u2603\"">>) =:= <<"☃"/utf8>> end),
    t("str_2028", fun() -> d(<<"\"\\u2028\\u2029\"">>) =:= <<"\x{2028}\x{2029}"/utf8>> end),
    t("str_pair", fun() -> d(<<"\"\\uD834\\uDD1E\"">>) =:= <<"𝄞"/utf8>> end),
    t("str_pair_lower", fun() -> d(<<"\"\\ud834\\udd1e\"">>) =:= <<"𝄞"/utf8>> end),
    t("str_d799", fun() -> d(<<"\"\\uD799\\uD799\"">>) =:= <<"\x{D799}\x{D799}"/utf8>> end),
    t("str_check", fun() -> d(<<"\"✔\""/utf8>>) =:= <<"✔"/utf8>> end),
    t("str_u0000", fun() -> d(<<"\"a\\u0000b\\u00e9\"">>) end),
    t("str_plain", fun() -> d(<<"\"hello world\"">>) end),
    t("str_utf8_ok", fun() -> [d(<<"\"", 16#c3, 16#b1, "\"">>) =:= <<16#c3, 16#b1>>,
                               d(<<"\"\\n", 16#c3, 16#b1, "\"">>) =:= <<"\n", 16#c3, 16#b1>>] end),
    t("str_utf8_bad1", fun() ->
        list_to_tuple([bad(<<"\"", B/binary, "\"">>)
         || B <- [<<16#a0, 16#a1>>, <<"\\n", 16#a0>>, <<16#c3, 16#28>>, <<"\\n", 16#c3, 16#28>>,
                  <<16#e2, 16#28, 16#a1>>, <<16#e2, 16#82, 16#28>>, <<16#f0, 16#28, 16#8c, 16#bc>>,
                  <<16#f0, 16#90, 16#28, 16#bc>>]]) end),
    t("str_utf8_bad2", fun() ->
        list_to_tuple([bad(<<"\"", B/binary, "\"">>)
         || B <- [<<16#f8, 16#a1>>, <<"\\n", 16#fc, 16#a1>>,
                  <<16#c0, 16#80>>, <<16#e0, 16#80, 16#80>>, <<16#f0, 16#80, 16#80, 16#80>>,
                  <<16#ed, 16#a0, 16#80>>, <<"\\n", 16#ed, 16#bf, 16#bf>>, <<16#f4, 16#90, 16#80>>]]) end),
    %% arrays
    t("arr_open", fun() -> d(<<"[">>) end),
    t("arr_comma", fun() -> d(<<"[,">>) end),
    t("arr_close", fun() -> d(<<" ]">>) end),
    t("arr_trailing", fun() -> d(<<"[1,">>) end),
    t("arr_trailing_close", fun() -> d(<<"[1,]">>) end),
    t("arr_missing_comma", fun() -> d(<<"[1 2]">>) end),
    t("arr_empty", fun() -> d(<<"[]">>) end),
    t("arr_123", fun() -> d(<<"[1,2,3]">>) end),
    t("arr_strings", fun() -> d(<<"[\"foo\", \"bar\", \"baz\"]">>) end),
    t("arr_object", fun() -> d(<<"[{\"foo\":\"bar\"}]">>) end),
    t("arr_nested", fun() -> d(<<"[[[]],[[1],2]]">>) end),
    %% objects
    t("obj_open", fun() -> d(<<"{">>) end),
    t("obj_comma", fun() -> d(<<"{,">>) end),
    t("obj_no_colon", fun() -> d(<<"{\"foo\"}">>) end),
    t("obj_no_value", fun() -> d(<<"{\"foo\":}">>) end),
    t("obj_trailing", fun() -> d(<<"{\"foo\":1,}">>) end),
    t("obj_bare_key", fun() -> d(<<"{foo:1}">>) end),
    t("obj_empty", fun() -> d(<<"{}">>) end),
    t("obj_one", fun() -> d(<<"{\"foo\": \"bar\"}">>) end),
    t("obj_spaced", fun() -> d(<<"{\"foo\" : \"bar\"}">>) end),
    t("obj_nested", fun() -> [d(<<"{\"foo\":{}}">>), d(<<"{\"foo\":[]}">>)] end),
    t("obj_two", fun() -> d(<<"{\"foo\":1,\"bar\":2}">>) end),
    t("obj_dup", fun() -> d(<<"{\"a\":1,\"a\":2}">>) end),
    t("obj_escaped_key", fun() -> d(<<"{\"a\\nb\":true}">>) end),
    %% whitespace and what follows the value
    t("ws_empty", fun() -> d(<<"">>) end),
    t("ws_only", fun() -> d(ews(<<" ">>)) end),
    t("ws_arr", fun() -> d(ews(<<" [ ] ">>)) end),
    t("ws_obj", fun() -> d(ews(<<" { } ">>)) end),
    t("ws_list", fun() -> d(ews(<<" [ 1 , 2 ] ">>)) end),
    t("ws_members", fun() -> d(ews(<<" { \"foo\" : 1 , \"bar\" : 2 } ">>)) end),
    t("ws_not", fun() -> d(<<"\f1">>) end),
    t("trailing", fun() -> d(<<"[] x">>) end),
    t("trailing_num", fun() -> d(<<"1 2">>) end),
    t("decode3_rest", fun() -> json:decode(<<"[1] 2 3">>, acc, #{}) end),
    t("decode3_ws_rest", fun() -> json:decode(<<"\"a\"  ">>, acc, #{}) end),
    t("decode3_number_end", fun() -> json:decode(<<"12">>, acc, #{}) end),
    t("decode3_cut", fun() -> json:decode(<<"[12">>, acc, #{}) end),
    t("decode3_float_end", fun() -> json:decode(<<"1e999">>, acc, #{}) end),
    %% decoders
    t("null_decoder", fun() -> json:decode(<<"[null,{\"a\":null}]">>, ok, #{null => nil}) end),
    t("string_decoder", fun() ->
        json:decode(<<"{\"k\":[\"v\"]}">>, ok, #{string => fun(B) -> {s, B} end}) end),
    t("empty_with_start", fun() ->
        json:decode(<<"[[],{}]">>, ok, #{array_start => fun(_) -> [x] end,
                                         object_start => fun(_) -> [{k, v}] end}) end),
    t("empty_with_finish", fun() ->
        json:decode(<<"[[],{}]">>, 0, #{array_finish => fun(L, Old) -> {{arr, L}, Old} end,
                                        object_finish => fun(L, Old) -> {{obj, L}, Old} end}) end),
    t("objects_as_lists", fun() ->
        json:decode(<<"{\"a\":1,\"b\":{\"c\":2},\"a\":3}">>, ok,
                    #{object_finish => fun(L, Old) -> {lists:reverse(L), Old} end}) end),
    t("api_counts", fun() -> api() end),
    t("api_trace", fun() -> trace() end),
    t("bad_decoder", fun() -> json:decode(<<"1">>, ok, #{bogus => 1}) end),
    t("bad_decoder_arity", fun() -> json:decode(<<"1">>, ok, #{string => fun(A, B) -> {A, B} end}) end),
    t("not_binary", fun() -> json:decode("[]") end),
    ok.

%% The suite's test_decode_api: every callback counts itself in the
%% accumulator; keys and strings become atoms.
api() ->
    Decoders = #{
        array_start => fun({_, Int}) -> {[], Int + 1} end,
        array_push => fun(Val, {Acc, Int}) -> {[Val | Acc], Int + 1} end,
        array_finish => fun({Acc, Int}, {OldAcc, _OldInt}) -> {lists:reverse(Acc), {OldAcc, Int + 1}} end,
        object_start => fun({_, Int}) -> {[], Int + 1} end,
        object_push => fun(Key, Val, {Acc, Int}) -> {[{Key, Val} | Acc], Int + 1} end,
        object_finish => fun({Acc, Int}, {OldAcc, _OldInt}) -> {maps:from_list(Acc), {OldAcc, Int + 1}} end,
        float => fun binary_to_float/1,
        integer => fun binary_to_integer/1,
        string => fun binary_to_existing_atom/1,
        null => nil},
    Atoms = [a, b, foo, baz, three],
    Data = <<"{\"a\": [[], {}, true, false, null, {\"foo\": \"baz\"}], \"b\": [1, 2.0, \"three\", 0]}">>,
    {Decoded, Acc, Rest} = json:decode(Data, {[], 0}, Decoders),
    {length(Atoms), Acc, Rest,
     Decoded =:= #{a => [[], #{}, true, false, nil, #{foo => baz}], b => [1, 2.0, three, 0]}}.

%% The order of the accumulator callbacks: each accumulator carries the
%% log of the calls so far.
trace() ->
    Decoders = #{
        array_start => fun({_, Log}) -> {[], [as | Log]} end,
        array_push => fun(V, {Items, Log}) -> {[V | Items], [ap | Log]} end,
        array_finish => fun({Items, Log}, {Old, _}) -> {lists:reverse(Items), {Old, [af | Log]}} end,
        object_start => fun({_, Log}) -> {[], [os | Log]} end,
        object_push => fun(K, V, {Items, Log}) -> {[{K, V} | Items], [{op, K} | Log]} end,
        object_finish => fun({Items, Log}, {Old, _}) -> {maps:from_list(Items), {Old, [ofin | Log]}} end},
    {V, {top, Log}, <<>>} = json:decode(<<"[{\"k\":[1]},[]]">>, {top, []}, Decoders),
    {V =:= [#{<<"k">> => [1]}, []], lists:reverse(Log)}.
