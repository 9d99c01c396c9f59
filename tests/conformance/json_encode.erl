%% json_encode.erl -- OTP 27's json encoder (lib/json.erl).
%% HAND-WRITTEN ORACLE: OTP 25 (our erl) has no json module, so
%% json_encode.expected was written by hand from OTP 27's json documentation
%% (its examples) and the cases its json_SUITE checks (test_encode_*), not
%% produced by tests/oracle/conformance.escript (docs/testing.md). Each line
%% is "name = text" for a result that is printable ASCII text (JSON as it
%% is), otherwise "name result" printed with ~w; encode results go through
%% iolist_to_binary, whose bytes OTP 27 documents (the iodata's nesting is
%% not documented; one line prints it for a plain string).
-module(json_encode).
-export([main/0]).

%% A result that is printable ASCII text is printed as it is after "=",
%% anything else with ~w.
t(Name, F) ->
    R = try F() catch error:Reason -> {error, Reason} end,
    case is_binary(R) andalso lists:all(fun(C) -> C >= 32 andalso C < 127 end, binary_to_list(R)) of
        true -> io:format("~s = ~s~n", [Name, R]);
        false -> io:format("~s ~w~n", [Name, R])
    end.

enc(T) -> iolist_to_binary(json:encode(T)).

enc(T, F) -> iolist_to_binary(json:encode(T, F)).

escape_all(T) ->
    enc(T, fun(B, _) when is_binary(B) -> json:encode_binary_escape_all(B);
              (O, E) -> json:encode_value(O, E) end).

checked(T) ->
    enc(T, fun(M, E) when is_map(M) -> json:encode_map_checked(M, E);
              (O, E) -> json:encode_value(O, E) end).

proplist(T) ->
    enc(T, fun([{_, _} | _] = L, E) -> json:encode_key_value_list(L, E);
              (O, E) -> json:encode_value(O, E) end).

proplist_checked(T) ->
    enc(T, fun([{_, _} | _] = L, E) -> json:encode_key_value_list_checked(L, E);
              (O, E) -> json:encode_value(O, E) end).

%% The documentation's encode/2 example.
encoder([{_, _} | _] = Value, Encode) -> json:encode_key_value_list(Value, Encode);
encoder(Other, Encode) -> json:encode_value(Other, Encode).

main() ->
    %% documented examples
    t("doc_encode1", fun() -> enc(#{foo => <<"bar">>}) end),
    t("doc_encode2", fun() -> enc([{a, []}, {b, 1}], fun(V, E) -> encoder(V, E) end) end),
    %% atoms
    t("atom_true", fun() -> enc(true) end),
    t("atom_false", fun() -> enc(false) end),
    t("atom_null", fun() -> enc(null) end),
    t("atom_json", fun() -> enc(json) end),
    t("atom_unicode", fun() -> enc('☃a') end),
    %% integers, including bignums
    t("int_123", fun() -> enc(123) end),
    t("int_neg", fun() -> enc(-123) end),
    t("int_0", fun() -> enc(0) end),
    t("int_big", fun() -> enc(123456789012345678901234567890) end),
    t("int_big_neg", fun() -> enc(-18446744073709551616) end),
    t("int_2pow200", fun() -> byte_size(enc(1 bsl 200)) end),
    %% floats: float_to_binary(F, [short])
    t("float_0", fun() -> enc(0.0) end),
    t("float_neg0", fun() -> enc(-0.0) end),
    t("float_99_99", fun() -> enc(99.99) end),
    t("float_9_9e100", fun() -> enc(9.9e100) end),
    t("float_9_9e_100", fun() -> enc(9.9e-100) end),
    t("float_tenth", fun() -> enc(0.1) end),
    t("float_third", fun() -> enc(1/3) end),
    t("float_1e22", fun() -> enc(1.0e22) end),
    t("float_big", fun() -> enc(1.7976931348623157e308) end),
    t("float_tiny", fun() -> enc(5.0e-324) end),
    t("float_int_valued", fun() -> enc(123456.0) end),
    %% binaries and escapes
    t("bin_plain", fun() -> enc(<<"hello world">>) end),
    t("bin_iodata", fun() -> json:encode(<<"plain">>) end),
    t("bin_empty", fun() -> enc(<<>>) end),
    t("bin_nl", fun() -> enc(<<"hello\nworld">>) end),
    t("bin_nl3", fun() -> enc(<<"\nhello\nworld\n">>) end),
    t("bin_quote", fun() -> enc(<<"\"">>) end),
    t("bin_backslash", fun() -> enc(<<"\\">>) end),
    t("bin_short_escapes", fun() -> enc(<<"\b\f\n\r\t">>) end),
    t("bin_nul", fun() -> enc(<<0>>) end),
    t("bin_1f", fun() -> enc(<<16#1F>>) end),
    t("bin_0b", fun() -> enc(<<16#0B, 16#1A>>) end),
    t("bin_slash_del", fun() -> enc(<<"/", 127>>) end),
    t("bin_all_controls", fun() -> enc(list_to_binary(lists:seq(0, 31))) end),
    t("bin_utf8", fun() -> enc(<<"☃a"/utf8>>) end),
    t("bin_utf8_4", fun() -> enc(<<"𝄞"/utf8>>) end),
    t("bin_bits", fun() -> enc(<<0:1>>) end),
    %% invalid UTF-8: the byte that cannot be part of the sequence
    t("utf8_bad_first", fun() -> enc(<<16#a0, 16#a1>>) end),
    t("utf8_2_ok", fun() -> enc(<<16#c3, 16#b1>>) end),
    t("utf8_2_bad2", fun() -> enc(<<16#c3, 16#28>>) end),
    t("utf8_3_bad2", fun() -> enc(<<16#e2, 16#28, 16#a1>>) end),
    t("utf8_3_bad3", fun() -> enc(<<16#e2, 16#82, 16#28>>) end),
    t("utf8_4_bad2", fun() -> enc(<<16#f0, 16#28, 16#8c, 16#bc>>) end),
    t("utf8_4_bad3", fun() -> enc(<<16#f0, 16#90, 16#28, 16#bc>>) end),
    t("utf8_too_long5", fun() -> enc(<<16#f8, 16#a1, 16#a1, 16#a1, 16#a1>>) end),
    t("utf8_too_long6", fun() -> enc(<<16#fc, 16#a1, 16#a1, 16#a1, 16#a1, 16#a1>>) end),
    t("utf8_overlong2", fun() -> enc(<<16#c0, 16#80>>) end),
    t("utf8_overlong3", fun() -> enc(<<16#e0, 16#80, 16#80>>) end),
    t("utf8_overlong4", fun() -> enc(<<16#f0, 16#80, 16#80, 16#80>>) end),
    t("utf8_surrogate_a0", fun() -> enc(<<16#ed, 16#a0, 16#80>>) end),
    t("utf8_surrogate_bf", fun() -> enc(<<16#ed, 16#bf, 16#bf>>) end),
    t("utf8_above_max", fun() -> enc(<<16#f4, 16#90, 16#80, 16#80>>) end),
    t("utf8_cut", fun() -> enc(<<"ab", 16#e2, 16#82>>) end),
    %% encode_binary_escape_all/1: pure ASCII, bad sequences by first byte
    t("all_atom", fun() -> escape_all('☃a') end),
    t("all_snowman", fun() -> escape_all(<<"☃a"/utf8>>) end),
    t("all_clef", fun() -> escape_all(<<"𝄞b"/utf8>>) end),
    t("all_latin1", fun() -> escape_all(<<16#c3, 16#b1>>) end),
    t("all_3byte", fun() -> escape_all(<<16#e2, 16#82, 16#a1>>) end),
    t("all_2byte_7ff", fun() -> escape_all(<<"߿"/utf8>>) end),
    t("all_4byte", fun() -> escape_all(<<16#f0, 16#90, 16#8c, 16#bc>>) end),
    t("all_mixed", fun() -> escape_all(<<"a\"é\n"/utf8>>) end),
    t("all_bad_first", fun() -> escape_all(<<16#a0, 16#a1>>) end),
    t("all_2_bad2", fun() -> escape_all(<<16#c3, 16#28>>) end),
    t("all_3_bad3", fun() -> escape_all(<<16#e2, 16#82, 16#28>>) end),
    t("all_overlong3", fun() -> escape_all(<<16#e0, 16#80, 16#80>>) end),
    t("all_surrogate", fun() -> escape_all(<<16#ed, 16#a0, 16#80>>) end),
    t("all_cut", fun() -> escape_all(<<"x", 16#e2, 16#82>>) end),
    %% lists
    t("list_empty", fun() -> enc([]) end),
    t("list_123", fun() -> enc([1, 2, 3]) end),
    t("list_iodata", fun() -> json:encode([1, 2, 3]) end),
    t("list_nested", fun() -> enc([[], [[]], [1, [2, [3]]]]) end),
    t("list_mixed", fun() -> enc([true, null, 1.5, <<"s">>, #{}, [x]]) end),
    t("list_improper", fun() -> enc([1 | 2]) end),
    t("list_first_bad", fun() -> enc([1, {x}, {y}]) end),
    t("counterexample", fun() -> enc([[], 0]) end),
    %% maps and keys
    t("map_empty", fun() -> enc(#{}) end),
    t("map_bin_key", fun() -> enc(#{<<"foo">> => <<"bar">>}) end),
    t("map_atom_key", fun() -> enc(#{foo => bar}) end),
    t("map_int_key", fun() -> enc(#{42 => bar}) end),
    t("map_float_key", fun() -> enc(#{1.5 => bar}) end),
    t("map_escaped_key", fun() -> enc(#{<<"a\"b">> => 1}) end),
    t("map_nested", fun() -> enc(#{<<"a">> => #{<<"b">> => [#{}]}}) end),
    t("map_ints_order", fun() -> enc(#{3 => c, 1 => a, 2 => b}) end),
    t("map_bad_key", fun() -> enc(#{{1} => 1}) end),
    t("map_multi_key", fun() -> enc(#{<<"foo">> => <<"foo1">>, foo => <<"foo2">>}) end),
    %% encode_map_checked/2, encode_key_value_list(_checked)/2
    t("checked_bin", fun() -> checked(#{<<"foo">> => <<"bar">>}) end),
    t("checked_atom", fun() -> checked(#{foo => bar}) end),
    t("checked_int", fun() -> checked(#{42 => bar}) end),
    t("checked_float", fun() -> checked(#{1.5 => bar}) end),
    t("checked_empty", fun() -> checked(#{}) end),
    t("checked_dup", fun() -> checked(#{<<"foo">> => <<"foo1">>, foo => <<"foo2">>}) end),
    t("checked_dup_num", fun() -> checked(#{1 => a, <<"1">> => b}) end),
    t("proplist_as_list", fun() -> enc([{a, 1}]) end),
    t("proplist", fun() -> proplist([{a, 1}]) end),
    t("proplist_checked", fun() -> proplist_checked([{a, 1}]) end),
    t("proplist_multi", fun() -> proplist([{<<"foo">>, <<"foo1">>}, {foo, <<"foo2">>}]) end),
    t("proplist_dup", fun() -> proplist_checked([{<<"foo">>, <<"foo1">>}, {foo, <<"foo2">>}]) end),
    t("proplist_order", fun() -> proplist([{z, 1}, {y, 2}, {3, 3}, {2.5, [{w, 4}]}]) end),
    t("kv_direct", fun() -> iolist_to_binary(json:encode_key_value_list([{a, 1}, {b, [1]}], fun json:encode_value/2)) end),
    %% the encode_* helpers directly
    t("encode_integer", fun() -> json:encode_integer(-42) end),
    t("encode_float", fun() -> json:encode_float(2.5e-5) end),
    t("encode_atom", fun() -> json:encode_atom(abc, fun json:encode_value/2) end),
    t("encode_binary", fun() -> iolist_to_binary(json:encode_binary(<<"a\tb">>)) end),
    t("encode_list", fun() -> iolist_to_binary(json:encode_list([a, 1], fun json:encode_value/2)) end),
    t("encode_map", fun() -> iolist_to_binary(json:encode_map(#{k => [null]}, fun json:encode_value/2)) end),
    t("encode_value", fun() -> iolist_to_binary(json:encode_value(#{<<"x">> => 1.0}, fun json:encode_value/2)) end),
    %% a custom encoder sees every value (strings in upper case, tuples as arrays)
    t("custom_encoder", fun() ->
        enc(#{k => [{1, 2}, <<"ab">>]},
            fun(B, _) when is_binary(B) -> json:encode_binary(string:uppercase(B));
               (T, E) when is_tuple(T) -> json:encode_list(tuple_to_list(T), E);
               (V, E) -> json:encode_value(V, E) end) end),
    %% unsupported terms
    t("bad_tuple", fun() -> enc({a, b}) end),
    t("bad_fun_arity", fun() -> json:encode(1, fun(X) -> X end) end),
    t("bad_in_list", fun() -> enc([1, 2.0, {}]) end),
    t("bad_map_value", fun() -> enc(#{a => {b}}) end),
    ok.
