%% json_stream.erl -- OTP 27's streaming decoder (lib/json.erl):
%% decode_start/3 and decode_continue/2 on input cut anywhere.
%% HAND-WRITTEN ORACLE: OTP 25 (our erl) has no json module, so
%% json_stream.expected was written by hand from OTP 27's json documentation
%% (the decode_continue/2 examples) and its json_SUITE's
%% test_decode_api_stream (feeding one byte at a time must give what
%% decode/1,3 give), not produced by tests/oracle/conformance.escript
%% (docs/testing.md). Each line is "name result" printed with ~p.
%% Note: the documentation's first decode_continue/2 example shows
%% #{foo => 1}; with no decoders the key is the binary <<"foo">>.
-module(json_stream).
-export([main/0]).

t(Name, F) ->
    R = try F() catch error:Reason -> {error, Reason} end,
    io:format("~s ~p~n", [Name, R]).

%% Feeds Bin one byte at a time, then end_of_input (the suite's byte_loop).
bytes(Bin, Acc, Decoders) ->
    {continue, S} = json:decode_start(<<>>, Acc, Decoders),
    bytes_loop(Bin, S).

bytes_loop(<<B, Rest/binary>>, S) ->
    case json:decode_continue(<<B>>, S) of
        {continue, S1} -> bytes_loop(Rest, S1);
        {V, Acc, Left} -> {V, Acc, <<Left/binary, Rest/binary>>}
    end;
bytes_loop(<<>>, S) -> json:decode_continue(end_of_input, S).

%% Cut Bin at every position K: decode_start on the first K bytes, the rest
%% with decode_continue, then end_of_input if still needed. The number of
%% cuts whose outcome equals decode/3's on the whole (errors included).
cuts(Bin) ->
    Whole = outcome(fun() -> json:decode(Bin, acc, #{}) end),
    Size = byte_size(Bin),
    length([K || K <- lists:seq(0, Size),
                 outcome(fun() -> cut(Bin, K) end) =:= Whole]).

cut(Bin, K) ->
    <<A:K/binary, B/binary>> = Bin,
    case json:decode_start(A, acc, #{}) of
        {continue, S} ->
            case json:decode_continue(B, S) of
                {continue, S1} -> json:decode_continue(end_of_input, S1);
                Done -> Done
            end;
        {V, Acc, Rest} -> {V, Acc, <<Rest/binary, B/binary>>}
    end.

outcome(F) -> try F() catch error:R -> {error, R} end.

%% Values until the input is used up, each by decode/3 on what is left.
values(<<>>) -> [];
values(Bin) ->
    {V, [], Rest} = json:decode(Bin, [], #{}),
    [V | values(Rest)].

-define(TYPES, <<"{\"types\": [[], {}, true, false, null, {\"foo\": \"baz\"}],
  \"numbers\": [1, -10, 0.0, -0.0, 2.0, -2.0, 31e2, 31e-2, 0.31e2, -0.31e2, 0.13e-2],
  \"strings\": [\"three\", \"åäö\", \"mixed_Ω\"],
  \"escaped\": [\"\\n\", \"\\u2603\", \"\\ud834\\uDD1E\", \"\\n\xc3\xb1\"]}"/utf8>>).

main() ->
    %% the documented examples
    t("doc_continue", fun() ->
        {continue, S} = json:decode_start(<<"{\"foo\":">>, ok, #{}),
        json:decode_continue(<<"1}">>, S) end),
    t("doc_end_of_input", fun() ->
        {continue, S} = json:decode_start(<<"123">>, ok, #{}),
        json:decode_continue(end_of_input, S) end),
    %% complete input needs no continuation
    t("start_complete", fun() -> json:decode_start(<<"[1]">>, ok, #{}) end),
    t("start_number_ws", fun() -> json:decode_start(<<"12 ">>, ok, #{}) end),
    t("start_rest", fun() -> json:decode_start(<<"[1] [2]">>, ok, #{}) end),
    t("start_empty", fun() -> element(1, json:decode_start(<<>>, ok, #{})) end),
    %% a top-level number is complete only at end_of_input
    t("number_grows", fun() ->
        {continue, S1} = json:decode_start(<<"12">>, ok, #{}),
        {continue, S2} = json:decode_continue(<<"3">>, S1),
        {continue, S3} = json:decode_continue(<<".5">>, S2),
        json:decode_continue(end_of_input, S3) end),
    t("number_then_more", fun() ->
        {continue, S} = json:decode_start(<<"12">>, ok, #{}),
        json:decode_continue(<<" x">>, S) end),
    t("empty_chunks", fun() ->
        {continue, S1} = json:decode_start(<<"[">>, ok, #{}),
        {continue, S2} = json:decode_continue(<<>>, S1),
        {continue, S3} = json:decode_continue(<<" ">>, S2),
        json:decode_continue(<<"]">>, S3) end),
    %% errors found once more input arrives, or at end_of_input
    t("cut_literal_then_bad", fun() ->
        {continue, S} = json:decode_start(<<"[tx">>, ok, #{}),
        json:decode_continue(<<"yz]">>, S) end),
    t("end_inside_array", fun() ->
        {continue, S} = json:decode_start(<<"[1,">>, ok, #{}),
        json:decode_continue(end_of_input, S) end),
    t("end_after_float_error", fun() ->
        {continue, S} = json:decode_start(<<"1e999">>, ok, #{}),
        json:decode_continue(end_of_input, S) end),
    t("float_error_then_more", fun() ->
        {continue, S} = json:decode_start(<<"1e999">>, ok, #{}),
        json:decode_continue(<<"]">>, S) end),
    t("cut_surrogate_pair", fun() ->
        {continue, S} = json:decode_start(<<"\"\\ud834\\u">>, ok, #{}),
        {V, ok, <<>>} = json:decode_continue(<<"dd1e\"">>, S),
        V =:= <<"𝄞"/utf8>> end),
    t("cut_utf8", fun() ->
        {continue, S} = json:decode_start(<<"[\"", 16#e2, 16#98>>, ok, #{}),
        json:decode_continue(<<16#83, "\"]">>, S) end),
    t("cut_decoders", fun() ->
        D = #{array_push => fun(V, Acc) -> [V * 10 | Acc] end},
        {continue, S} = json:decode_start(<<"[1, 2">>, ok, D),
        json:decode_continue(<<", 3]">>, S) end),
    %% one byte at a time gives what decode/1 gives
    t("bytes_types", fun() -> {V, [], <<>>} = bytes(?TYPES, [], #{}), V =:= json:decode(?TYPES) end),
    t("bytes_numbers", fun() ->
        [element(1, bytes(B, [], #{})) || B <- [<<"0">>, <<"-0">>, <<"1.5">>, <<"-2e3">>, <<"31e-2">>]] end),
    t("bytes_errors", fun() ->
        [outcome(fun() -> bytes(B, [], #{}) end) || B <- [<<"[1,">>, <<"{\"a\"}">>]] end),
    t("bytes_float_error", fun() -> bytes(<<"1e999">>, [], #{}) end),
    t("bytes_rest", fun() -> bytes(<<"[1] 2">>, [], #{}) end),
    %% cut at every position: the outcome is decode/3's
    t("cuts_object", fun() ->
        B = <<"{\"a\": [1, 2.5e-3, true, null, \"x\\ny\"], \"b\": {}}">>, {byte_size(B) + 1, cuts(B)} end),
    t("cuts_error", fun() -> B = <<"[1, 2, tru, 3]">>, {byte_size(B) + 1, cuts(B)} end),
    t("cuts_escapes", fun() -> B = <<"\"\\u00e9\\ud83d\\ude00\\t\"">>, {byte_size(B) + 1, cuts(B)} end),
    %% several values one after the other (the suite's multi_stream_decode)
    t("values", fun() -> values(<<"12345 1.30 \"String1\" -0.31e2\n[\"an array\"]12345\n">>) end),
    ok.
