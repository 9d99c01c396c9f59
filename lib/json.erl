%% lib/json.erl — OTP 27's json module (EEP 68) as Hyperlang implements it
%% (core/builtins.def kind ERL): encode/1,2 and the encode_* helpers that
%% build custom encoders, the pretty printer format/1,2,3 and its helpers
%% (OTP 27.1/27.2), decode/1,3 with the decoder callbacks, and the
%% streaming decode_start/3 + decode_continue/2.
%%
%% Written for Hyperlang from OTP 27's documentation and from what its
%% json_SUITE checks (read to learn, not copied). OTP 25, our oracle, has no
%% json module, so tests/conformance/json_*.expected are written by hand from
%% those documents (docs/testing.md). What a program can observe follows OTP:
%%   - encode returns iodata; a string with nothing to escape is
%%     [$", Bin, $"], an array [$[, E1, $,, E2, ..., $]], an object
%%     [${, Member1, OtherMembers, $}] (each member [Key, $: | Value]);
%%   - errors: {unsupported_type, T}, {invalid_byte, B}, unexpected_end,
%%     {unexpected_sequence, Bin}, {duplicate_key, K}; a map key that is not
%%     a binary, atom, integer or float is function_clause (OTP's key/2
%%     has no other clause), as is an improper list being encoded;
%%   - decoding errors name the byte OTP names, including its quirks: a
%%     literal, number or escape cut short by the end of the input is
%%     "incomplete" (unexpected_end, or {continue, State} when streaming)
%%     judged by length alone, so <<"tx">> is unexpected_end and
%%     <<"trUe!">> is {invalid_byte, $r};
%%   - duplicate object keys keep the first value (maps:from_list of the
%%     members, last first), as OTP's default object_finish does.
%% Our own choices, invisible to programs that follow the API: the
%% continuation state's shape, and the decoder's stack, whose frames are
%% tagged tuples, so a string callback returning the atom array or object
%% for a key cannot be taken for a frame (OTP's bare-atom frames can).
%%
%% Bounded: everything is ordinary Erlang, one reduction per function call,
%% so any input is preemptible and paid for. Nesting is kept on an explicit
%% list (the decoder) or on the guest's own stack (the encoder recurses
%% through the Encode callback, as OTP's does), so depth ends at the heap
%% limit, never in C. Builtins used are bounded per call: binary_part and
%% byte_size are O(1), a string's escapes are appended in place, and numbers
%% go to binary_to_integer / binary_to_float (charged by length; integers
%% are capped by the bignum limits, docs/limits.md).
-module(json).
-export([encode/1, encode/2, encode_value/2, encode_atom/2, encode_integer/1,
         encode_float/1, encode_list/2, encode_map/2, encode_map_checked/2,
         encode_key_value_list/2, encode_key_value_list_checked/2,
         encode_binary/1, encode_binary_escape_all/1]).
-export([format/1, format/2, format/3, format_value/3, format_key_value_list/3,
         format_key_value_list_checked/3]).
-export([decode/1, decode/3, decode_start/3, decode_continue/2]).

%% A byte copied as it is inside a JSON string (printable ASCII but " and
%% \, and DEL), and eight of them: strings are scanned eight bytes per call
%% where they can be: about half a reduction per byte of a plain string
%% (2.2 with one byte per call and andalso guards). The tests are a guard
%% sequence: andalso chains compile to three times the code, and code is
%% charged too.
-define(PLAIN(C), C >= 32, C =/= $", C =/= $\\, C < 128).
-define(PLAIN8(A, B, C, D, E, F, G, H),
        ?PLAIN(A), ?PLAIN(B), ?PLAIN(C), ?PLAIN(D), ?PLAIN(E), ?PLAIN(F), ?PLAIN(G), ?PLAIN(H)).

%% ==== encoding ====

encode(Term) -> encode(Term, fun encode_value/2).

encode(Term, Encode) when is_function(Encode, 2) -> Encode(Term, Encode).

encode_value(V, Encode) when is_atom(V) -> encode_atom(V, Encode);
encode_value(V, _Encode) when is_binary(V) -> escape(V);
encode_value(V, _Encode) when is_integer(V) -> erlang:integer_to_binary(V);
encode_value(V, _Encode) when is_float(V) -> erlang:float_to_binary(V, [short]);
encode_value(V, Encode) when is_list(V) -> array(V, Encode);
encode_value(V, Encode) when is_map(V) -> map_object(V, Encode);
encode_value(V, _Encode) -> erlang:error({unsupported_type, V}).

encode_atom(null, _Encode) -> <<"null">>;
encode_atom(true, _Encode) -> <<"true">>;
encode_atom(false, _Encode) -> <<"false">>;
encode_atom(A, Encode) -> Encode(erlang:atom_to_binary(A, utf8), Encode).

encode_integer(I) -> erlang:integer_to_binary(I).

encode_float(F) -> erlang:float_to_binary(F, [short]).

encode_list(L, Encode) when is_list(L) -> array(L, Encode).

encode_map(M, Encode) when is_map(M) -> map_object(M, Encode).

encode_map_checked(M, Encode) -> checked(maps:to_list(M), Encode).

%% A list comprehension in OTP: elements that are not pairs are skipped and
%% an improper tail is bad_generator.
encode_key_value_list(L, Encode) when is_function(Encode, 2) ->
    object(kv_members(L, Encode, [])).

encode_key_value_list_checked(L, Encode) -> checked(L, Encode).

encode_binary(B) when is_binary(B) -> escape(B).

encode_binary_escape_all(B) when is_binary(B) -> escape_all(B, B, 0, 0, []).

%% Elements are encoded first to last (an error names the first bad one),
%% kept last first, then the iodata is built from the end.
array([], _Encode) -> <<"[]">>;
array([H | T], Encode) when is_function(Encode, 2) ->
    First = Encode(H, Encode),
    [$[, First | array_rest(T, Encode, [])].

array_rest([H | T], Encode, Acc) -> array_rest(T, Encode, [Encode(H, Encode) | Acc]);
array_rest([], _Encode, Acc) -> array_close(Acc, [$]]).

array_close([E | Es], Tail) -> array_close(Es, [$,, E | Tail]);
array_close([], Tail) -> Tail.

map_object(M, Encode) when is_function(Encode, 2) ->
    object(map_members(maps:to_list(M), Encode, [])).

map_members([{K, V} | T], Encode, Acc) ->
    Key = key(K, Encode),
    map_members(T, Encode, [[Key, $: | Encode(V, Encode)] | Acc]);
map_members([], _Encode, Acc) -> Acc.

kv_members([{K, V} | T], Encode, Acc) ->
    Key = key(K, Encode),
    kv_members(T, Encode, [[Key, $: | Encode(V, Encode)] | Acc]);
kv_members([_ | T], Encode, Acc) -> kv_members(T, Encode, Acc);
kv_members([], _Encode, Acc) -> Acc;
kv_members(Other, _Encode, _Acc) -> erlang:error({bad_generator, Other}).

checked(L, Encode) when is_function(Encode, 2) -> object(checked(L, Encode, #{}, [])).

checked([{K, V} | T], Encode, Seen, Acc) ->
    Key = erlang:iolist_to_binary(key(K, Encode)),
    case is_map_key(Key, Seen) of
        true -> erlang:error({duplicate_key, K});
        false -> checked(T, Encode, Seen#{Key => true}, [[Key, $: | Encode(V, Encode)] | Acc])
    end;
checked([], _Encode, _Seen, Acc) -> Acc.

%% Keys only become strings: a binary or an atom through the encoder (so a
%% custom string encoder applies), a number as its text in quotes.
key(K, Encode) when is_binary(K) -> Encode(K, Encode);
key(K, Encode) when is_atom(K) -> Encode(erlang:atom_to_binary(K, utf8), Encode);
key(K, _Encode) when is_integer(K) -> [$", erlang:integer_to_binary(K), $"];
key(K, _Encode) when is_float(K) -> [$", erlang:float_to_binary(K, [short]), $"].

%% Members last first: {Member1, OtherMembers...}.
object([]) -> <<"{}">>;
object(Members) -> object(Members, []).

object([First], Rest) -> [${, First, Rest, $}];
object([M | Ms], Rest) -> object(Ms, [$,, M | Rest]).

%% ---- strings ----

%% Plain bytes (printable ASCII but " and \, and DEL) and whole UTF-8
%% sequences are copied as slices of the input; control characters, " and
%% \ are escaped. Parts are kept last first.
escape(B) -> escape(B, B, 0, 0, []).

escape(<<C1, C2, C3, C4, C5, C6, C7, C8, R/binary>>, B, Start, N, Parts)
  when ?PLAIN8(C1, C2, C3, C4, C5, C6, C7, C8) ->
    escape(R, B, Start, N + 8, Parts);
escape(<<C, R/binary>>, B, Start, N, Parts) when ?PLAIN(C) ->
    escape(R, B, Start, N + 1, Parts);
escape(<<C, R/binary>>, B, Start, N, Parts) when C < 128 ->
    Parts1 = [esc_char(C) | slice(B, Start, N, Parts)],
    escape(R, B, Start + N + 1, 0, Parts1);
escape(<<C, R/binary>>, B, Start, N, Parts) ->
    case utf8(C, R) of
        {ok, R1, Len} -> escape(R1, B, Start, N + Len, Parts);
        {bad, Off} -> erlang:error({invalid_byte, binary:at(B, Start + N + Off)});
        eof -> erlang:error(unexpected_end)
    end;
escape(<<>>, B, 0, _N, []) -> [$", B, $"];
escape(<<>>, B, Start, N, Parts) -> string_iodata(slice(B, Start, N, Parts)).

slice(_B, _Start, 0, Parts) -> Parts;
slice(B, Start, N, Parts) -> [binary_part(B, Start, N) | Parts].

string_iodata(Parts) -> [$" | lists:reverse(Parts, [$"])].

esc_char($") -> <<"\\\"">>;
esc_char($\\) -> <<"\\\\">>;
esc_char($\b) -> <<"\\b">>;
esc_char($\t) -> <<"\\t">>;
esc_char($\n) -> <<"\\n">>;
esc_char($\f) -> <<"\\f">>;
esc_char($\r) -> <<"\\r">>;
esc_char(C) -> <<"\\u00", (hex_digit(C bsr 4)), (hex_digit(C band 15))>>.

hex_digit(D) when D < 10 -> $0 + D;
hex_digit(D) -> $A + D - 10.

%% As escape/5, but every non-ASCII character becomes \uXXXX (a surrogate
%% pair above U+FFFF). A bad or cut UTF-8 sequence is reported by its first
%% byte, as OTP's (which matches with /utf8) does.
escape_all(<<C1, C2, C3, C4, C5, C6, C7, C8, R/binary>>, B, Start, N, Parts)
  when ?PLAIN8(C1, C2, C3, C4, C5, C6, C7, C8) ->
    escape_all(R, B, Start, N + 8, Parts);
escape_all(<<C, R/binary>>, B, Start, N, Parts) when ?PLAIN(C) ->
    escape_all(R, B, Start, N + 1, Parts);
escape_all(<<C, R/binary>>, B, Start, N, Parts) when C < 128 ->
    Parts1 = [esc_char(C) | slice(B, Start, N, Parts)],
    escape_all(R, B, Start + N + 1, 0, Parts1);
escape_all(<<C, R/binary>>, B, Start, N, Parts) ->
    case utf8(C, R) of
        {ok, R1, Len} ->
            <<Char/utf8>> = binary_part(B, Start + N, Len),
            Parts1 = [u_escape(Char) | slice(B, Start, N, Parts)],
            escape_all(R1, B, Start + N + Len, 0, Parts1);
        _ ->
            erlang:error({invalid_byte, C})
    end;
escape_all(<<>>, B, 0, _N, []) -> [$", B, $"];
escape_all(<<>>, B, Start, N, Parts) -> string_iodata(slice(B, Start, N, Parts)).

u_escape(C) when C > 16#FFFF ->
    C1 = C - 16#10000,
    [u_escape(16#D800 bor (C1 bsr 10)) | u_escape(16#DC00 bor (C1 band 16#3FF))];
u_escape(C) ->
    <<"\\u", (hex_digit(C bsr 12)), (hex_digit((C bsr 8) band 15)),
      (hex_digit((C bsr 4) band 15)), (hex_digit(C band 15))>>.

%% One UTF-8 sequence whose first byte C (128..255) was read and R follows
%% it: {ok, Rest, Length} for a well-formed sequence (no overlong forms, no
%% surrogates, nothing above U+10FFFF), {bad, Offset} with the offset from C
%% of the first byte that cannot belong to it, eof if R ends first.
utf8(C, R) when C >= 16#C2, C =< 16#DF -> utf8_cont(R, 16#80, 16#BF, 0, 1);
utf8(16#E0, R) -> utf8_cont(R, 16#A0, 16#BF, 1, 1);
utf8(16#ED, R) -> utf8_cont(R, 16#80, 16#9F, 1, 1);
utf8(C, R) when C >= 16#E1, C =< 16#EF -> utf8_cont(R, 16#80, 16#BF, 1, 1);
utf8(16#F0, R) -> utf8_cont(R, 16#90, 16#BF, 2, 1);
utf8(16#F4, R) -> utf8_cont(R, 16#80, 16#8F, 2, 1);
utf8(C, R) when C >= 16#F1, C =< 16#F3 -> utf8_cont(R, 16#80, 16#BF, 2, 1);
utf8(_C, _R) -> {bad, 0}.

utf8_cont(<<X, R/binary>>, Lo, Hi, More, Off) when X >= Lo, X =< Hi ->
    case More of
        0 -> {ok, R, Off + 1};
        _ -> utf8_cont(R, 16#80, 16#BF, More - 1, Off + 1)
    end;
utf8_cont(<<_, _/binary>>, _Lo, _Hi, _More, Off) -> {bad, Off};
utf8_cont(<<>>, _Lo, _Hi, _More, _Off) -> eof.

%% ==== formatting (OTP 27.1: format/1,2,3, format_value/3; 27.2: the
%% format_key_value_list functions) ====
%%
%% The layout OTP's json_SUITE checks: State holds level, col (the column
%% reached), indent (spaces per level, 2) and max (100). An array stays on
%% one line, wrapped when col reaches max, unless its first element is an
%% array, object or string (or col is already past max): then every element
%% gets its own line. An object puts each member on its own line, but one
%% member whose value is not an array or object stays inline: { "k": v }.
%% Map members come in key order.

format(Term) -> format(Term, fun format_value/3, #{}).

format(Term, Options) when is_map(Options) -> format(Term, fun format_value/3, Options);
format(Term, Encode) when is_function(Encode, 3) -> format(Term, Encode, #{}).

format(Term, Encode, Options) when is_function(Encode, 3) ->
    State = maps:merge(#{level => 0, col => 0, indent => 2, max => 100}, Options),
    [Encode(Term, Encode, State), $\n].

%% An atom other than true, false and null goes back to Encode as a binary,
%% given a two-argument encoder (as OTP's does).
format_value(A, Encode, State) when is_atom(A) ->
    encode_atom(A, fun(V, E) -> Encode(V, E, State) end);
format_value(B, _Encode, _State) when is_binary(B) -> escape(B);
format_value(I, _Encode, _State) when is_integer(I) -> erlang:integer_to_binary(I);
format_value(F, _Encode, _State) when is_float(F) -> erlang:float_to_binary(F, [short]);
format_value(L, Encode, State) when is_list(L) -> format_array(L, Encode, State);
format_value(M, Encode, State) when is_map(M) ->
    format_key_value_list(lists:sort(maps:to_list(M)), Encode, State);
format_value(V, _Encode, _State) -> erlang:error({unsupported_type, V}).

format_array([], _Encode, _State) -> <<"[]">>;
format_array([H | T], Encode, #{level := Level, col := Col, max := Max} = State) ->
    Inner = State#{level := Level + 1},
    {Width, Nl} = newline(Inner),
    case is_list(H) orelse is_map(H) orelse is_binary(H) orelse Col > Max of
        true ->
            Each = Inner#{col := Width},
            First = Encode(H, Encode, Each),
            {_, NlClose} = newline(State),
            [$[, Nl, First, each_line(T, Encode, Each, Nl), NlClose, $]];
        false ->
            First = Encode(H, Encode, Inner),
            [$[, First, wrapped(T, Encode, Inner#{col := Col + 1 + erlang:iolist_size(First)}, Nl), $]]
    end.

each_line([H | T], Encode, State, Nl) ->
    E = Encode(H, Encode, State),
    [[[$, | Nl] | E] | each_line(T, Encode, State, Nl)];
each_line([], _Encode, _State, _Nl) -> [].

%% Elements follow on the line until col reaches max; the next one starts a
%% new line (encoded with the col it was reached at).
wrapped([H | T], Encode, #{col := Col, max := Max} = State, Nl) when Col < Max ->
    E = Encode(H, Encode, State),
    [[$, | E] | wrapped(T, Encode, State#{col := Col + 1 + erlang:iolist_size(E)}, Nl)];
wrapped([H | T], Encode, State, Nl) ->
    E = Encode(H, Encode, State),
    Line = [[$, | Nl] | E],
    [Line | wrapped(T, Encode, State#{col := erlang:iolist_size(Line) - 2}, Nl)];
wrapped([], _Encode, _State, _Nl) -> [].

format_key_value_list(KVs, Encode, State) ->
    format_members(KVs, Encode, State, none).

format_key_value_list_checked(KVs, Encode, State) ->
    format_members(KVs, Encode, State, #{}).

%% Seen is none (no check) or the map of the keys written so far.
format_members(KVs, Encode, #{level := Level} = State, Seen) ->
    {_, NlClose} = newline(State),
    Inner = State#{level := Level + 1},
    {Width, Nl} = newline(Inner),
    KeyEnc = fun(K, _) -> Encode(K, Encode, Inner) end,
    format_object(members(KVs, Encode, Inner, Width, Nl, KeyEnc, Seen, []), Nl, NlClose).

members([{K, V} | T], Encode, Inner, Width, Nl, KeyEnc, Seen, Acc) ->
    Key = key(K, KeyEnc),
    Seen1 = case Seen of
                none -> none;
                _ ->
                    KB = erlang:iolist_to_binary(Key),
                    case is_map_key(KB, Seen) of
                        true -> erlang:error({duplicate_key, K});
                        false -> Seen#{KB => true}
                    end
            end,
    Value = Encode(V, Encode, Inner#{col := Width + 2 + erlang:iolist_size(Key)}),
    members(T, Encode, Inner, Width, Nl, KeyEnc, Seen1, [[Key, <<": ">> | Value] | Acc]);
members([_ | T], Encode, Inner, Width, Nl, KeyEnc, none, Acc) ->
    members(T, Encode, Inner, Width, Nl, KeyEnc, none, Acc);
members([], _Encode, _Inner, _Width, _Nl, _KeyEnc, _Seen, Acc) -> lists:reverse(Acc);
members(Other, _Encode, _Inner, _Width, _Nl, _KeyEnc, none, _Acc) ->
    erlang:error({bad_generator, Other}).

format_object([], _Nl, _NlClose) -> <<"{}">>;
format_object([[_Key, _Colon | Value] = Member], Nl, NlClose) ->
    case first_visible(Value) of
        C when C =:= ${; C =:= $[ -> [${, Nl, Member, NlClose, $}];
        _ -> [<<"{ ">>, Member, <<" }">>]
    end;
format_object([First | Rest], Nl, NlClose) ->
    [${, Nl, First, [[$,, Nl | M] || M <- Rest], NlClose, $}].

%% The first character of an encoded value that is not a space or newline.
first_visible(V) ->
    {_, Rest} = string:take(V, [$\s, $\n]),
    [C | _] = string:next_codepoint(Rest),
    C.

%% The line break and indentation of State's level, and its width.
newline(#{level := Level, indent := Indent}) ->
    N = Level * Indent,
    {N, [$\n | lists:duplicate(N, $\s)]}.

%% ==== decoding ====
%%
%% Every state function takes (Rest, Orig, Pos, ...): Rest is what is left
%% of Orig from byte Pos on. A token's text is sliced from Orig. When the
%% input ends where more could follow, the state {continue, Cont} keeps the
%% bytes from the start of the unfinished token, so decode_continue/2 can
%% read that token again with more bytes after it.

-record(dec, {array_start, array_push, array_finish,
              object_start, object_push, object_finish,
              float, integer, string, null = null}).

decode(Bin) when is_binary(Bin) ->
    case value(Bin, Bin, 0, ok, [], #dec{}) of
        {Result, _Acc, <<>>} -> Result;
        {_Result, _Acc, <<C, _/binary>>} -> erlang:error({invalid_byte, C});
        {continue, Cont} -> finish_input(Cont, fun(V, _Acc) -> V end)
    end.

decode(Bin, Acc, Decoders) when is_binary(Bin) ->
    case value(Bin, Bin, 0, Acc, [], decoders(Decoders)) of
        {continue, Cont} -> finish_input(Cont, fun(V, Acc1) -> {V, Acc1, <<>>} end);
        Done -> Done
    end.

decode_start(Bin, Acc, Decoders) when is_binary(Bin) ->
    value(Bin, Bin, 0, Acc, [], decoders(Decoders)).

decode_continue(end_of_input, Cont) ->
    finish_input(Cont, fun(V, Acc) -> {V, Acc, <<>>} end);
decode_continue(More, {json_cont, Rest, Acc, Stack, #dec{} = D, Resume}) when is_binary(More) ->
    B = <<Rest/binary, More/binary>>,
    resume(Resume, B, Acc, Stack, D).

%% The input ended: a number at the top level is complete (a float that
%% does not convert is then unexpected_sequence); anything else is cut.
finish_input({json_cont, _Rest, Acc, [], _D, {number, V}}, Done) -> Done(V, Acc);
finish_input({json_cont, _Rest, _Acc, _Stack, _D, {float_error, Token}}, _Done) ->
    erlang:error({unexpected_sequence, Token});
finish_input({json_cont, _Rest, _Acc, _Stack, _D, _Resume}, _Done) ->
    erlang:error(unexpected_end).

resume(value, B, Acc, S, D) -> value(B, B, 0, Acc, S, D);
resume({number, _}, B, Acc, S, D) -> value(B, B, 0, Acc, S, D);
resume({float_error, _}, B, Acc, S, D) -> value(B, B, 0, Acc, S, D);
resume({array_next, V}, B, Acc, S, D) -> array_next(B, B, 0, Acc, S, D, V);
resume({colon, Key}, B, Acc, S, D) -> colon(B, B, 0, Acc, S, D, Key);
resume({member_next, V, Key}, B, Acc, S, D) -> member_next(B, B, 0, Acc, S, D, V, Key);
resume(member_key, B, Acc, S, D) -> member_key(B, B, 0, Acc, S, D).

decoders(Map) -> maps:fold(fun decoder/3, #dec{}, Map).

decoder(array_start, F, D) when is_function(F, 1) -> D#dec{array_start = F};
decoder(array_push, F, D) when is_function(F, 2) -> D#dec{array_push = F};
decoder(array_finish, F, D) when is_function(F, 2) -> D#dec{array_finish = F};
decoder(object_start, F, D) when is_function(F, 1) -> D#dec{object_start = F};
decoder(object_push, F, D) when is_function(F, 3) -> D#dec{object_push = F};
decoder(object_finish, F, D) when is_function(F, 2) -> D#dec{object_finish = F};
decoder(float, F, D) when is_function(F, 1) -> D#dec{float = F};
decoder(integer, F, D) when is_function(F, 1) -> D#dec{integer = F};
decoder(string, F, D) when is_function(F, 1) -> D#dec{string = F};
decoder(null, V, D) -> D#dec{null = V}.

%% Stop here for more input: keep Orig from byte At (where the unfinished
%% token starts) when the input ends before byte At+Need; otherwise the
%% byte at At+Bad is the one that cannot follow (OTP's length-only rule).
more(O, At, Need, Bad, Acc, S, D, Resume) ->
    Size = byte_size(O),
    case Size =< At + Need of
        true -> cont(O, At, Acc, S, D, Resume);
        false -> erlang:error({invalid_byte, binary:at(O, At + Bad)})
    end.

%% The input ended inside a token that starts at byte At.
cont(O, At, Acc, S, D, Resume) ->
    {continue, {json_cont, binary_part(O, At, byte_size(O) - At), Acc, S, D, Resume}}.

bad_byte(O, At) -> erlang:error({invalid_byte, binary:at(O, At)}).

-define(WS(C), C =:= $\s; C =:= $\t; C =:= $\n; C =:= $\r).

value(<<C, R/binary>>, O, P, Acc, S, D) when ?WS(C) -> value(R, O, P + 1, Acc, S, D);
value(<<$", R/binary>>, O, P, Acc, S, D) -> string(R, O, P + 1, 0, Acc, S, D);
value(<<$[, R/binary>>, O, P, Acc, S, D) -> array_open(R, O, P, 1, Acc, S, D);
value(<<${, R/binary>>, O, P, Acc, S, D) -> object_open(R, O, P, 1, Acc, S, D);
value(<<$0, R/binary>>, O, P, Acc, S, D) -> zero(R, O, P, 1, Acc, S, D);
value(<<C, R/binary>>, O, P, Acc, S, D) when C >= $1, C =< $9 -> int(R, O, P, 1, Acc, S, D);
value(<<$-, R/binary>>, O, P, Acc, S, D) -> minus(R, O, P, Acc, S, D);
value(<<$t, R/binary>>, O, P, Acc, S, D) -> literal(R, O, P, <<"rue">>, true, Acc, S, D);
value(<<$f, R/binary>>, O, P, Acc, S, D) -> literal(R, O, P, <<"alse">>, false, Acc, S, D);
value(<<$n, R/binary>>, O, P, Acc, S, D) -> literal(R, O, P, <<"ull">>, D#dec.null, Acc, S, D);
value(<<_, _/binary>>, O, P, _Acc, _S, _D) -> bad_byte(O, P);
value(<<>>, O, P, Acc, S, D) -> more(O, P, 0, 0, Acc, S, D, value).

literal(R, O, P, Tail, V, Acc, S, D) ->
    N = byte_size(Tail),
    case R of
        <<Tail:N/binary, R1/binary>> -> next(R1, O, P + 1 + N, Acc, S, D, V);
        _ -> more(O, P, 1 + N, 1, Acc, S, D, value)
    end.

%% ---- numbers (P is where the token starts, N its length so far) ----

minus(<<$0, R/binary>>, O, P, Acc, S, D) -> zero(R, O, P, 2, Acc, S, D);
minus(<<C, R/binary>>, O, P, Acc, S, D) when C >= $1, C =< $9 -> int(R, O, P, 2, Acc, S, D);
minus(_, O, P, Acc, S, D) -> more(O, P, 1, 1, Acc, S, D, value).

%% A leading zero ends the integer part; an exponent with no fraction is
%% read as "0.0e..." (OTP does so even for "-0e..." and gets 0.0).
zero(<<$., R/binary>>, O, P, N, Acc, S, D) -> frac(R, O, P, N + 1, Acc, S, D);
zero(<<E, R/binary>>, O, P, N, Acc, S, D) when E =:= $e; E =:= $E ->
    exp_int(R, O, P, N + 1, <<"0">>, Acc, S, D);
zero(R, O, P, N, Acc, S, D) -> int_done(R, O, P, N, <<"0">>, Acc, S, D).

int(<<C, R/binary>>, O, P, N, Acc, S, D) when C >= $0, C =< $9 -> int(R, O, P, N + 1, Acc, S, D);
int(<<$., R/binary>>, O, P, N, Acc, S, D) -> frac(R, O, P, N + 1, Acc, S, D);
int(<<E, R/binary>>, O, P, N, Acc, S, D) when E =:= $e; E =:= $E ->
    exp_int(R, O, P, N + 1, binary_part(O, P, N), Acc, S, D);
int(R, O, P, N, Acc, S, D) -> int_done(R, O, P, N, binary_part(O, P, N), Acc, S, D).

%% An integer at the end of the input is complete only if the input is.
int_done(R, O, P, N, Text, Acc, S, D) ->
    V = case D#dec.integer of
            undefined -> erlang:binary_to_integer(Text);
            F -> F(Text)
        end,
    case R of
        <<>> -> more(O, P, N, 0, Acc, S, D, {number, V});
        _ -> next(R, O, P + N, Acc, S, D, V)
    end.

frac(<<C, R/binary>>, O, P, N, Acc, S, D) when C >= $0, C =< $9 -> frac_digits(R, O, P, N + 1, Acc, S, D);
frac(_, O, P, N, Acc, S, D) -> more(O, P, N, N, Acc, S, D, value).

frac_digits(<<C, R/binary>>, O, P, N, Acc, S, D) when C >= $0, C =< $9 ->
    frac_digits(R, O, P, N + 1, Acc, S, D);
frac_digits(<<E, R/binary>>, O, P, N, Acc, S, D) when E =:= $e; E =:= $E -> exp(R, O, P, N + 1, Acc, S, D);
frac_digits(R, O, P, N, Acc, S, D) -> float_done(R, O, P, N, binary_part(O, P, N), Acc, S, D).

%% The exponent after a fraction: the token is the text itself.
exp(<<C, R/binary>>, O, P, N, Acc, S, D) when C >= $0, C =< $9 -> exp_digits(R, O, P, N + 1, Acc, S, D);
exp(<<C, R/binary>>, O, P, N, Acc, S, D) when C =:= $+; C =:= $- -> exp_sign(R, O, P, N + 1, Acc, S, D);
exp(_, O, P, N, Acc, S, D) -> more(O, P, N, N, Acc, S, D, value).

exp_sign(<<C, R/binary>>, O, P, N, Acc, S, D) when C >= $0, C =< $9 -> exp_digits(R, O, P, N + 1, Acc, S, D);
exp_sign(_, O, P, N, Acc, S, D) -> more(O, P, N, N, Acc, S, D, value).

exp_digits(<<C, R/binary>>, O, P, N, Acc, S, D) when C >= $0, C =< $9 -> exp_digits(R, O, P, N + 1, Acc, S, D);
exp_digits(R, O, P, N, Acc, S, D) -> float_done(R, O, P, N, binary_part(O, P, N), Acc, S, D).

%% The exponent of an integer part (N counts up to the e, X the exponent's
%% sign and digits): the token becomes Int ++ ".0e" ++ Exponent, which
%% binary_to_float accepts.
exp_int(R, O, P, N, Int, Acc, S, D) ->
    case R of
        <<C, R1/binary>> when C >= $0, C =< $9 -> exp_int_digits(R1, O, P, N, 1, Int, Acc, S, D);
        <<C, R1/binary>> when C =:= $+; C =:= $- -> exp_int_sign(R1, O, P, N, 1, Int, Acc, S, D);
        _ -> more(O, P, N, N, Acc, S, D, value)
    end.

exp_int_sign(<<C, R/binary>>, O, P, N, X, Int, Acc, S, D) when C >= $0, C =< $9 ->
    exp_int_digits(R, O, P, N, X + 1, Int, Acc, S, D);
exp_int_sign(_, O, P, N, X, _Int, Acc, S, D) -> more(O, P, N + X, N + X, Acc, S, D, value).

exp_int_digits(<<C, R/binary>>, O, P, N, X, Int, Acc, S, D) when C >= $0, C =< $9 ->
    exp_int_digits(R, O, P, N, X + 1, Int, Acc, S, D);
exp_int_digits(R, O, P, N, X, Int, Acc, S, D) ->
    Token = <<Int/binary, ".0e", (binary_part(O, P + N, X))/binary>>,
    float_done(R, O, P, N + X, Token, Acc, S, D).

%% A float that does not convert (out of range, or the float decoder
%% raised) is {unexpected_sequence, Token}; at the end of the input that is
%% known only once the input is known to end.
float_done(R, O, P, N, Token, Acc, S, D) ->
    Conv = try to_float(D#dec.float, Token) of
               V -> {ok, V}
           catch
               _:_ -> error
           end,
    case {Conv, R} of
        {{ok, F}, <<>>} -> more(O, P, N, 0, Acc, S, D, {number, F});
        {{ok, F}, _} -> next(R, O, P + N, Acc, S, D, F);
        {error, <<>>} -> more(O, P, N, 0, Acc, S, D, {float_error, Token});
        {error, _} -> erlang:error({unexpected_sequence, Token})
    end.

to_float(undefined, Token) -> erlang:binary_to_float(Token);
to_float(F, Token) -> F(Token).

%% ---- strings (Q: the opening quote; P: first byte not yet copied) ----

string(R, O, P, N, Acc, S, D) -> plain(R, O, P, N, Acc, S, D).

%% No escape seen yet: the value is a slice of the input.
plain(<<C1, C2, C3, C4, C5, C6, C7, C8, R/binary>>, O, P, N, Acc, S, D)
  when ?PLAIN8(C1, C2, C3, C4, C5, C6, C7, C8) ->
    plain(R, O, P, N + 8, Acc, S, D);
plain(<<C, R/binary>>, O, P, N, Acc, S, D) when ?PLAIN(C) ->
    plain(R, O, P, N + 1, Acc, S, D);
plain(<<$", R/binary>>, O, P, N, Acc, S, D) ->
    next(R, O, P + N + 1, Acc, S, D, string_value(D, binary_part(O, P, N)));
plain(<<$\\, R/binary>>, O, P, N, Acc, S, D) ->
    Buf = binary:copy(binary_part(O, P, N)),
    unescape(R, O, P + N, P - 1, Buf, Acc, S, D);
plain(<<C, R/binary>>, O, P, N, Acc, S, D) when C >= 128 ->
    case utf8(C, R) of
        {ok, R1, Len} -> plain(R1, O, P, N + Len, Acc, S, D);
        {bad, Off} -> bad_byte(O, P + N + Off);
        eof -> cont(O, P - 1, Acc, S, D, value)
    end;
plain(<<_, _/binary>>, O, P, N, _Acc, _S, _D) -> bad_byte(O, P + N);
plain(<<>>, O, P, _N, Acc, S, D) -> cont(O, P - 1, Acc, S, D, value).

%% After an escape: the value is built in Buf (appended in place).
escaped(<<C1, C2, C3, C4, C5, C6, C7, C8, R/binary>>, O, P, N, Q, Buf, Acc, S, D)
  when ?PLAIN8(C1, C2, C3, C4, C5, C6, C7, C8) ->
    escaped(R, O, P, N + 8, Q, Buf, Acc, S, D);
escaped(<<C, R/binary>>, O, P, N, Q, Buf, Acc, S, D) when ?PLAIN(C) ->
    escaped(R, O, P, N + 1, Q, Buf, Acc, S, D);
escaped(<<$", R/binary>>, O, P, N, _Q, Buf, Acc, S, D) ->
    V = <<Buf/binary, (binary_part(O, P, N))/binary>>,
    next(R, O, P + N + 1, Acc, S, D, string_value(D, V));
escaped(<<$\\, R/binary>>, O, P, N, Q, Buf, Acc, S, D) ->
    unescape(R, O, P + N, Q, <<Buf/binary, (binary_part(O, P, N))/binary>>, Acc, S, D);
escaped(<<C, R/binary>>, O, P, N, Q, Buf, Acc, S, D) when C >= 128 ->
    case utf8(C, R) of
        {ok, R1, Len} -> escaped(R1, O, P, N + Len, Q, Buf, Acc, S, D);
        {bad, Off} -> bad_byte(O, P + N + Off);
        eof -> cont(O, Q, Acc, S, D, value)
    end;
escaped(<<_, _/binary>>, O, P, N, _Q, _Buf, _Acc, _S, _D) -> bad_byte(O, P + N);
escaped(<<>>, O, _P, _N, Q, _Buf, Acc, S, D) -> cont(O, Q, Acc, S, D, value).

string_value(#dec{string = undefined}, V) -> V;
string_value(#dec{string = F}, V) -> F(V).

%% R follows the backslash at B.
unescape(<<C, R/binary>>, O, B, Q, Buf, Acc, S, D) ->
    case C of
        $u -> unescape_u(R, O, B, Q, Buf, Acc, S, D);
        _ ->
            case unescape_char(C) of
                error -> bad_byte(O, B + 1);
                Ch -> escaped(R, O, B + 2, 0, Q, <<Buf/binary, Ch>>, Acc, S, D)
            end
    end;
unescape(<<>>, O, _B, Q, _Buf, Acc, S, D) -> cont(O, Q, Acc, S, D, value).

unescape_char($") -> $";
unescape_char($\\) -> $\\;
unescape_char($/) -> $/;
unescape_char($b) -> $\b;
unescape_char($f) -> $\f;
unescape_char($n) -> $\n;
unescape_char($r) -> $\r;
unescape_char($t) -> $\t;
unescape_char(_) -> error.

%% \uXXXX: a high surrogate must be followed by \u and a low one.
unescape_u(<<H1, H2, H3, H4, R/binary>>, O, B, Q, Buf, Acc, S, D) ->
    case hex4(H1, H2, H3, H4) of
        CP when is_integer(CP), CP >= 16#D800, CP =< 16#DBFF ->
            low_surrogate(R, O, B, Q, Buf, CP, Acc, S, D);
        CP when is_integer(CP), (CP < 16#DC00 orelse CP > 16#DFFF) ->
            escaped(R, O, B + 6, 0, Q, <<Buf/binary, CP/utf8>>, Acc, S, D);
        _ ->
            erlang:error({unexpected_sequence, binary_part(O, B, 6)})
    end;
%% Fewer than four bytes left: the input ended.
unescape_u(_, O, _B, Q, _Buf, Acc, S, D) -> cont(O, Q, Acc, S, D, value).

low_surrogate(<<$\\, $u, H1, H2, H3, H4, R/binary>>, O, B, Q, Buf, Hi, Acc, S, D) ->
    case hex4(H1, H2, H3, H4) of
        Lo when is_integer(Lo), Lo >= 16#DC00, Lo =< 16#DFFF ->
            CP = 16#10000 + ((Hi band 16#3FF) bsl 10) + (Lo band 16#3FF),
            escaped(R, O, B + 12, 0, Q, <<Buf/binary, CP/utf8>>, Acc, S, D);
        _ ->
            erlang:error({unexpected_sequence, binary_part(O, B, 12)})
    end;
low_surrogate(_, O, B, Q, _Buf, _Hi, Acc, S, D) ->
    more(O, Q, B + 11 - Q, B + 6 - Q, Acc, S, D, value).

hex4(H1, H2, H3, H4) ->
    case {hex(H1), hex(H2), hex(H3), hex(H4)} of
        {A, B, C, D} when is_integer(A), is_integer(B), is_integer(C), is_integer(D) ->
            ((A * 16 + B) * 16 + C) * 16 + D;
        _ -> error
    end.

hex(C) when C >= $0, C =< $9 -> C - $0;
hex(C) when C >= $a, C =< $f -> C - $a + 10;
hex(C) when C >= $A, C =< $F -> C - $A + 10;
hex(_) -> error.

%% ---- arrays and objects ----
%% Stack frames: {array, OuterAcc}; {object, OuterAcc} (reading a key or
%% the colon after it); {member, Key} above it while reading the value.

array_open(<<C, R/binary>>, O, P, N, Acc, S, D) when ?WS(C) -> array_open(R, O, P, N + 1, Acc, S, D);
array_open(<<$], R/binary>>, O, P, N, Acc, S, D) ->
    {V, Acc1} = case {D#dec.array_start, D#dec.array_finish} of
                    {undefined, undefined} -> {[], Acc};
                    {Start, undefined} -> {lists:reverse(Start(Acc)), Acc};
                    {undefined, Finish} -> Finish([], Acc);
                    {Start, Finish} -> Finish(Start(Acc), Acc)
                end,
    next(R, O, P + N + 1, Acc1, S, D, V);
array_open(<<>>, O, P, N, Acc, S, D) -> more(O, P, N, 0, Acc, S, D, value);
array_open(R, O, P, N, Acc, S, D) ->
    Inner = case D#dec.array_start of
                undefined -> [];
                Start -> Start(Acc)
            end,
    value(R, O, P + N, Inner, [{array, Acc} | S], D).

array_next(<<C, R/binary>>, O, P, Acc, S, D, V) when ?WS(C) -> array_next(R, O, P + 1, Acc, S, D, V);
array_next(<<$,, R/binary>>, O, P, Acc, S, D, V) -> value(R, O, P + 1, array_push(D, V, Acc), S, D);
array_next(<<$], R/binary>>, O, P, Acc, [{array, Outer} | S], D, V) ->
    Acc1 = array_push(D, V, Acc),
    {A, Outer1} = case D#dec.array_finish of
                      undefined -> {lists:reverse(Acc1), Outer};
                      Finish -> Finish(Acc1, Outer)
                  end,
    next(R, O, P + 1, Outer1, S, D, A);
array_next(_, O, P, Acc, S, D, V) -> more(O, P, 0, 0, Acc, S, D, {array_next, V}).

array_push(#dec{array_push = undefined}, V, Acc) -> [V | Acc];
array_push(#dec{array_push = F}, V, Acc) -> F(V, Acc).

object_open(<<C, R/binary>>, O, P, N, Acc, S, D) when ?WS(C) -> object_open(R, O, P, N + 1, Acc, S, D);
object_open(<<$}, R/binary>>, O, P, N, Acc, S, D) ->
    {V, Acc1} = case {D#dec.object_start, D#dec.object_finish} of
                    {undefined, undefined} -> {#{}, Acc};
                    {Start, undefined} -> {maps:from_list(Start(Acc)), Acc};
                    {undefined, Finish} -> Finish([], Acc);
                    {Start, Finish} -> Finish(Start(Acc), Acc)
                end,
    next(R, O, P + N + 1, Acc1, S, D, V);
object_open(<<$", R/binary>>, O, P, N, Acc, S, D) ->
    Inner = case D#dec.object_start of
                undefined -> [];
                Start -> Start(Acc)
            end,
    string(R, O, P + N + 1, 0, Inner, [{object, Acc} | S], D);
object_open(_, O, P, N, Acc, S, D) -> more(O, P, N, N, Acc, S, D, value).

colon(<<C, R/binary>>, O, P, Acc, S, D, Key) when ?WS(C) -> colon(R, O, P + 1, Acc, S, D, Key);
colon(<<$:, R/binary>>, O, P, Acc, S, D, Key) -> value(R, O, P + 1, Acc, [{member, Key} | S], D);
colon(_, O, P, Acc, S, D, Key) -> more(O, P, 0, 0, Acc, S, D, {colon, Key}).

member_next(<<C, R/binary>>, O, P, Acc, S, D, V, Key) when ?WS(C) ->
    member_next(R, O, P + 1, Acc, S, D, V, Key);
member_next(<<$,, R/binary>>, O, P, Acc, S, D, V, Key) ->
    member_key(R, O, P + 1, object_push(D, Key, V, Acc), S, D);
member_next(<<$}, R/binary>>, O, P, Acc, [{object, Outer} | S], D, V, Key) ->
    Acc1 = object_push(D, Key, V, Acc),
    {M, Outer1} = case D#dec.object_finish of
                      undefined -> {maps:from_list(Acc1), Outer};
                      Finish -> Finish(Acc1, Outer)
                  end,
    next(R, O, P + 1, Outer1, S, D, M);
member_next(_, O, P, Acc, S, D, V, Key) -> more(O, P, 0, 0, Acc, S, D, {member_next, V, Key}).

object_push(#dec{object_push = undefined}, Key, V, Acc) -> [{Key, V} | Acc];
object_push(#dec{object_push = F}, Key, V, Acc) -> F(Key, V, Acc).

member_key(<<C, R/binary>>, O, P, Acc, S, D) when ?WS(C) -> member_key(R, O, P + 1, Acc, S, D);
member_key(<<$", R/binary>>, O, P, Acc, S, D) -> string(R, O, P + 1, 0, Acc, S, D);
member_key(_, O, P, Acc, S, D) -> more(O, P, 0, 0, Acc, S, D, member_key).

%% A value is complete: where it goes depends on the innermost frame.
next(R, _O, _P, Acc, [], _D, V) -> done(R, Acc, V);
next(R, O, P, Acc, [{array, _} | _] = S, D, V) -> array_next(R, O, P, Acc, S, D, V);
next(R, O, P, Acc, [{object, _} | _] = S, D, V) -> colon(R, O, P, Acc, S, D, V);
next(R, O, P, Acc, [{member, Key} | S], D, V) -> member_next(R, O, P, Acc, S, D, V, Key).

%% The top-level value is complete: white space after it is skipped and
%% whatever follows is returned (decode/1 refuses it).
done(<<C, R/binary>>, Acc, V) when ?WS(C) -> done(R, Acc, V);
done(R, Acc, V) -> {V, Acc, R}.
