%% json_format.erl -- json:format/1,2,3, format_value/3 and
%% format_key_value_list(_checked)/3 (OTP 27.1 and 27.2; lib/json.erl).
%% HAND-WRITTEN ORACLE: OTP 25 (our erl) has no json module, so
%% json_format.expected was written by hand: the texts are those of OTP's
%% json documentation (the format/1 example) and of its json_SUITE
%% (test_format_list, test_format_map, test_format_fun,
%% test_format_proplist), not produced by tests/oracle/conformance.escript
%% (docs/testing.md). Each case prints "-- name" and the formatted text
%% (which ends in a newline) with io:put_chars.
-module(json_format).
-export([main/0]).

-record(rec, {a, b, c}).

t(Name, F) ->
    io:format("-- ~s~n", [Name]),
    try io:put_chars(F()) catch error:R -> io:format("error ~p~n", [R]) end.

proplists_formatter() ->
    fun({kvlist, KVList}, Fun, State) -> json:format_key_value_list(KVList, Fun, State);
       ({kvlist_checked, KVList}, Fun, State) -> json:format_key_value_list_checked(KVList, Fun, State);
       (Other, Fun, State) -> json:format_value(Other, Fun, State)
    end.

encode_proplist(Term) ->
    Encode = fun([{_, _} | _], Enc) -> json:encode_key_value_list(Term, Enc);
                (Other, Enc) -> json:encode_value(Other, Enc) end,
    iolist_to_binary(json:encode(Term, Encode)).

%% The documentation's format/3 example, with a date instead of the clock.
formatter({date, Y, M, D}, Encode, State) ->
    Text = io_lib:format("~4..0w-~2..0w-~2..0w", [Y, M, D]),
    json:format_value(unicode:characters_to_binary(Text), Encode, State);
formatter(Other, Encode, State) -> json:format_value(Other, Encode, State).

main() ->
    %% documentation
    t("doc_format1", fun() -> json:format(#{foo => <<"bar">>, baz => 52}) end),
    t("doc_format3", fun() ->
        json:format(#{id => 1, time => {date, 2024, 5, 23}},
                    fun(V, E, S) -> formatter(V, E, S) end, #{indent => 4}) end),
    %% test_format_list
    t("list_empty", fun() -> json:format([]) end),
    t("list_10", fun() -> json:format(lists:seq(1, 10)) end),
    t("list_lists", fun() -> json:format([[1, 2], [3, 4]]) end),
    t("list_list_list", fun() -> json:format([[[]], [[3, 4]]]) end),
    t("list_map", fun() -> json:format([#{key => 1}]) end),
    t("list_list10_max14", fun() -> json:format([lists:seq(1, 10)], #{indent => 4, max => 14}) end),
    t("list_strings_indent3", fun() -> json:format([<<"foo">>, <<"bar">>, <<"baz">>], #{indent => 3}) end),
    t("list_long", fun() -> json:format(lists:seq(1, 40)) end),
    %% test_format_map
    t("map_empty", fun() -> json:format(#{}) end),
    t("map_one", fun() -> json:format(#{key => val}) end),
    t("map_single_map", fun() -> json:format(#{key1 => #{key3 => val3}, key2 => 42}) end),
    t("map_nested", fun() ->
        json:format(#{key1 => #{key3 => true, key4 => #{deep1 => 4711, deep2 => <<"string">>}},
                      key2 => 42}) end),
    t("map_int_list", fun() -> json:format(#{key1 => lists:seq(1, 5), key2 => 42}) end),
    t("map_obj_list", fun() ->
        json:format(#{key1 => [#{key3 => true, key4 => lists:seq(1, 5)},
                               #{key3 => true, key4 => lists:seq(1, 5)}],
                      key2 => 42}) end),
    t("map_obj_list2", fun() ->
        json:format(#{key1 => [#{key3 => true, key4 => lists:seq(1, 10)},
                               #{key3 => true, key_longer_name => lists:seq(1, 3)}],
                      key2 => 42}, #{indent => 1, max => 15}) end),
    t("map_one_list", fun() -> json:format(#{a => []}) end),
    %% test_format_fun
    t("fun_record", fun() ->
        All = #{types => [[], #{}, true, false, null, #{foo => <<"baz">>}],
                numbers => [1, -10, 0.0, -0.0, 2.0, -2.0],
                strings => [<<"three">>, <<"åäö"/utf8>>, <<"mixed_Ω"/utf8>>],
                user_data => #rec{a = 1, b = 2, c = 3}},
        F = fun(#rec{a = A, b = B, c = C}, _Fun, _State) ->
                    encode_proplist([{type, rec}, {a, A}, {b, B}, {c, C}]);
               (Other, Fun, State) -> json:format_value(Other, Fun, State)
            end,
        json:format(All, F) end),
    %% test_format_proplist
    P = proplists_formatter(),
    t("kv", fun() -> json:format({kvlist, [{a, 1}, {b, <<"str">>}]}, P) end),
    t("kv_checked", fun() -> json:format({kvlist_checked, [{a, 1}, {b, <<"str">>}]}, P) end),
    t("kv_keys", fun() ->
        json:format({kvlist, [{10, 1.0}, {1.0, 10}, {a, <<"αβ"/utf8>>}, {<<"αβ"/utf8>>, a}]}, P) end),
    t("kv_nested", fun() ->
        json:format({kvlist, [{a, 1}, {b, {kvlist, [{aa, 10}, {bb, 20}]}}, {c, <<"str">>}]}, P) end),
    t("kv_in_lists", fun() ->
        json:format([{kvlist, [{a1, 1},
                               {b1, [{kvlist, [{a11, 1}, {b11, 2}]}, {kvlist, [{a12, 3}, {b12, 4}]}]},
                               {c1, <<"str1">>}]},
                     {kvlist, [{a2, 2},
                               {b2, [{kvlist, [{a21, 5}, {b21, 6}]}, {kvlist, [{a22, 7}, {b22, 8}]}]},
                               {c2, <<"str2">>}]}], P) end),
    t("kv_checked_dup", fun() -> json:format({kvlist_checked, [{a, 1}, {b, <<"str">>}, {a, 2}]}, P) end),
    t("kv_bad_key", fun() -> json:format({kvlist, [{#{}, 1}]}, P) end),
    t("bad_value", fun() -> json:format([{x}]) end),
    ok.
