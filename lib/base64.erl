%% lib/base64.erl — OTP 25's base64 module as Hyperlang implements it
%% (core/builtins.def kind ERL). Runs of plain input go through C cores that
%% do a bounded chunk per call (erlang:hl_b64_enc/2 encodes up to 192 KiB,
%% erlang:hl_b64_quads/2 decodes whole groups of four alphabet characters);
%% everything else (lists, white space, padding, errors) is decoded here one
%% character at a time, so every call stays preemptible.
%% Written for Hyperlang from erl's observed behaviour (not copied from
%% OTP). OTP 25's decoders report malformed input with the error their
%% clauses happen to raise, and programs can see which, so this module
%% raises the same: function_clause for input ending inside a group of four
%% or an improper list, badarg for a character outside 1..255 (0 included,
%% except in mime_decode, which skips it) and for a bad character reaching a
%% group's bytes, badarith where a bad character or = meets the padding
%% arithmetic (or any in the *_to_string decoders), {case_clause, V} for
%% anything but white space after the padding.
-module(base64).
-export([encode/1, decode/1, mime_decode/1, encode_to_string/1, decode_to_string/1,
         mime_decode_to_string/1]).

%% ---- encoding ----

encode(B) when is_binary(B) -> enc_bin(B, 0, <<>>);
encode(L) when is_list(L) -> erlang:list_to_binary(lists:reverse(enc_list(L, []))).

encode_to_string(B) when is_binary(B) -> binary:bin_to_list(enc_bin(B, 0, <<>>));
encode_to_string(L) when is_list(L) -> lists:reverse(enc_list(L, [])).

enc_bin(B, Pos, Acc) ->
    case erlang:hl_b64_enc(B, Pos) of
        false -> enc_bin(binary:copy(B), Pos, Acc);
        {Piece, Next} ->
            Acc1 = <<Acc/binary, Piece/binary>>,
            case Next =:= byte_size(B) of
                true -> Acc1;
                false -> enc_bin(B, Next, Acc1)
            end
    end.

%% The characters, last first. Bytes are used as given (OTP does no range
%% check): out-of-range values fail only where a digit falls outside 0..63.
enc_list([], Acc) -> Acc;
enc_list([B1], Acc) ->
    [$=, $=, digit((B1 band 3) bsl 4), digit(B1 bsr 2) | Acc];
enc_list([B1, B2], Acc) ->
    D1 = digit(B1 bsr 2),
    D2 = digit(((B1 band 3) bsl 4) bor (B2 bsr 4)),
    [$=, digit((B2 band 15) bsl 2), D2, D1 | Acc];
enc_list([B1, B2, B3 | T], Acc) ->
    V = (B1 bsl 16) bor (B2 bsl 8) bor B3,
    D1 = digit(V bsr 18),
    enc_list(T, [digit(V band 63), digit((V bsr 6) band 63), digit((V bsr 12) band 63), D1 | Acc]).

digit(X) when is_integer(X), X >= 0, X < 26 -> $A + X;
digit(X) when is_integer(X), X >= 26, X < 52 -> $a + X - 26;
digit(X) when is_integer(X), X >= 52, X < 62 -> $0 + X - 52;
digit(62) -> $+;
digit(63) -> $/;
digit(_) -> erlang:error(badarg).

%% ---- decoding ----

decode(B) when is_binary(B) -> strict(B, [], <<>>, bin);
decode(L) when is_list(L) -> strict(L, [], <<>>, bin).

decode_to_string(B) when is_binary(B) -> binary:bin_to_list(strict(B, [], <<>>, str));
decode_to_string(L) when is_list(L) -> binary:bin_to_list(strict(L, [], <<>>, str)).

mime_decode(B) when is_binary(B) -> mime(B, [], <<>>);
mime_decode(L) when is_list(L) -> mime(L, [], <<>>).

mime_decode_to_string(B) when is_binary(B) -> binary:bin_to_list(mime(B, [], <<>>));
mime_decode_to_string(L) when is_list(L) -> binary:bin_to_list(mime(L, [], <<>>)).

%% A character's class: its value 0..63, ws, eq or bad; badarg outside 1..255.
class(C) when is_integer(C), C >= $A, C =< $Z -> C - $A;
class(C) when is_integer(C), C >= $a, C =< $z -> C - $a + 26;
class(C) when is_integer(C), C >= $0, C =< $9 -> C - $0 + 52;
class($+) -> 62;
class($/) -> 63;
class($=) -> eq;
class(C) when C =:= $\s; C =:= $\t; C =:= $\n; C =:= $\r -> ws;
class(C) when is_integer(C), C >= 1, C =< 255 -> bad;
class(_) -> erlang:error(badarg).

next(<<C, T/binary>>) -> {C, T};
next(<<>>) -> eof;
next([C | T]) -> {C, T};
next([]) -> eof;
next(_) -> erlang:error(function_clause).

%% Whole groups of plain characters at once (a bounded C chunk per call).
fast(B, Acc) when is_binary(B) ->
    case erlang:hl_b64_quads(B, 0) of
        {<<>>, 0} -> {B, Acc};
        {Piece, Next} -> fast(erlang:binary_part(B, Next, byte_size(B) - Next), <<Acc/binary, Piece/binary>>);
        false -> fast(binary:copy(B), Acc)
    end;
fast(L, Acc) -> {L, Acc}.

%% decode/decode_to_string: Vs are the values of the group so far (white
%% space skipped); anything else, = and bad characters included, takes a
%% place in the group and fails where its bytes are made.
strict(In0, [], Acc0, Out) ->
    {In, Acc} = fast(In0, Acc0),
    case next(In) of
        eof -> Acc;
        {C, T} -> strict_char(class(C), T, [], Acc, Out)
    end;
strict(In, Vs, Acc, Out) ->
    case next(In) of
        eof -> erlang:error(function_clause);
        {C, T} -> strict_char(class(C), T, Vs, Acc, Out)
    end.

strict_char(ws, T, Vs, Acc, Out) -> strict(T, Vs, Acc, Out);
strict_char(V, T, Vs, Acc, Out) when length(Vs) < 3 -> strict(T, Vs ++ [V], Acc, Out);
strict_char(eq, T, [V1, V2, eq], Acc, _) ->
    Bytes = pad2(V1, V2),
    only_ws(T),
    <<Acc/binary, Bytes/binary>>;
strict_char(eq, T, [V1, V2, V3], Acc, _) ->
    Bytes = pad3(V1, V2, V3),
    only_ws(T),
    <<Acc/binary, Bytes/binary>>;
strict_char(V4, T, [V1, V2, V3], Acc, Out) ->
    strict(T, [], <<Acc/binary, (group(Out, V1, V2, V3, V4))/binary>>, Out).

%% The bytes of a group: bad values fail as OTP's construction (badarg) or,
%% in the *_to_string decoders, its arithmetic (badarith).
group(bin, V1, V2, V3, V4) -> <<V1:6, V2:6, V3:6, V4:6>>;
group(str, V1, V2, V3, V4) ->
    W = (V1 bsl 18) bor (V2 bsl 12) bor (V3 bsl 6) bor V4,
    <<W:24>>.

pad2(V1, V2) ->
    Low = V2 bsr 4,
    <<V1:6, Low:2>>.

pad3(V1, V2, V3) ->
    Low = V3 bsr 2,
    <<V1:6, V2:6, Low:4>>.

only_ws(In) ->
    case next(In) of
        eof -> ok;
        {C, T} ->
            case class(C) of
                ws -> only_ws(T);
                V -> erlang:error({case_clause, V})
            end
    end.

%% mime_decode: skips every character that is not in the alphabet (and 0);
%% an = after two or three values ends the data unless more values follow.
mime(In0, [], Acc0) ->
    {In, Acc} = fast(In0, Acc0),
    case next(In) of
        eof -> Acc;
        {0, T} -> mime(T, [], Acc);
        {C, T} -> mime_char(class(C), T, [], Acc)
    end;
mime(In, Vs, Acc) ->
    case next(In) of
        eof -> erlang:error(function_clause);
        {0, T} -> mime(T, Vs, Acc);
        {C, T} -> mime_char(class(C), T, Vs, Acc)
    end.

mime_char(V, T, [V1, V2, V3], Acc) when is_integer(V) -> mime(T, [], <<Acc/binary, V1:6, V2:6, V3:6, V:6>>);
mime_char(V, T, Vs, Acc) when is_integer(V) -> mime(T, Vs ++ [V], Acc);
mime_char(eq, T, [V1, V2], Acc) -> after_eq(T, V1, V2, eq, Acc);
mime_char(eq, T, [V1, V2, V3], Acc) -> after_eq(T, V1, V2, V3, Acc);
mime_char(_, T, Vs, Acc) -> mime(T, Vs, Acc).

%% After an = in a group: the data ends there, unless a value follows (the
%% = is then skipped as invalid).
after_eq(In, V1, V2, V3, Acc) ->
    case next(In) of
        eof when V3 =:= eq -> <<Acc/binary, (pad2(V1, V2))/binary>>;
        eof -> <<Acc/binary, (pad3(V1, V2, V3))/binary>>;
        {0, T} -> after_eq(T, V1, V2, V3, Acc);
        {C, T} ->
            case class(C) of
                V when is_integer(V), V3 =:= eq -> mime(T, [V1, V2, V], Acc);
                V when is_integer(V) -> mime(T, [], <<Acc/binary, V1:6, V2:6, V3:6, V:6>>);
                _ -> after_eq(T, V1, V2, V3, Acc)
            end
    end.
