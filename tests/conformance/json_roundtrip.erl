%% json_roundtrip.erl -- property check of lib/json.erl: for generated
%% JSON-representable terms T (integers, bignums, finite floats, true, false,
%% null, UTF-8 strings with every kind of character, lists, maps with binary
%% keys), json:decode(iolist_to_binary(json:encode(T))) =:= T, also with
%% every non-ASCII character escaped (encode_binary_escape_all/1, whose
%% output must be ASCII), and decoding the text byte by byte with
%% decode_continue/2 gives the same term. The terms come from our own
%% generator (a 48-bit linear congruential generator, fixed seed), not rand:
%% 120 terms (the first 20 also fed byte by byte), about 8 KB of JSON.
%% HAND-WRITTEN ORACLE: OTP 25 has no json module; OTP 27 documents that
%% decode reads what encode writes, so every property holds for every term
%% and json_roundtrip.expected is the count of terms, written by hand
%% (docs/testing.md).
-module(json_roundtrip).
-export([main/0]).

-define(TERMS, 120).

main() ->
    {Terms, _} = gen_n(?TERMS, 20261201, []),
    Plain = [T || T <- Terms, roundtrip(T)],
    Ascii = [T || T <- Terms, roundtrip_ascii(T)],
    Bytes = [T || T <- lists:sublist(Terms, 20), roundtrip_bytes(T)],
    Failed = [T || T <- Terms, not roundtrip(T)],
    {length(Terms), length(Plain), length(Ascii), length(Bytes), lists:sublist(Failed, 3)}.

roundtrip(T) -> json:decode(iolist_to_binary(json:encode(T))) =:= T.

roundtrip_ascii(T) ->
    Enc = fun(B, _) when is_binary(B) -> json:encode_binary_escape_all(B);
             (V, E) -> json:encode_value(V, E) end,
    Text = iolist_to_binary(json:encode(T, Enc)),
    lists:all(fun(C) -> C < 128 end, binary_to_list(Text)) andalso json:decode(Text) =:= T.

roundtrip_bytes(T) ->
    Text = iolist_to_binary(json:encode(T)),
    {continue, S} = json:decode_start(<<>>, ok, #{}),
    feed(Text, S) =:= {T, ok, <<>>}.

feed(<<B, Rest/binary>>, S) ->
    case json:decode_continue(<<B>>, S) of
        {continue, S1} -> feed(Rest, S1);
        {V, Acc, Left} -> {V, Acc, <<Left/binary, Rest/binary>>}
    end;
feed(<<>>, S) -> json:decode_continue(end_of_input, S).

%% ---- the generator ----

next(X) -> (X * 25214903917 + 11) band 16#FFFFFFFFFFFF.

%% A number in 0..N-1 and the new state.
pick(N, X) -> X1 = next(X), {(X1 bsr 16) rem N, X1}.

gen_n(0, X, Acc) -> {lists:reverse(Acc), X};
gen_n(N, X, Acc) ->
    {T, X1} = term(3, X),
    gen_n(N - 1, X1, [T | Acc]).

term(0, X) -> scalar(X);
term(Depth, X) ->
    {K, X1} = pick(10, X),
    if K < 5 -> scalar(X1);
       K < 7 -> {N, X2} = pick(5, X1), list(N, Depth - 1, X2, []);
       true -> {N, X2} = pick(5, X1), map(N, Depth - 1, X2, #{})
    end.

list(0, _D, X, Acc) -> {Acc, X};
list(N, D, X, Acc) -> {T, X1} = term(D, X), list(N - 1, D, X1, [T | Acc]).

map(0, _D, X, M) -> {M, X};
map(N, D, X, M) ->
    {K, X1} = string(X),
    {V, X2} = term(D, X1),
    map(N - 1, D, X2, M#{K => V}).

scalar(X) ->
    {K, X1} = pick(9, X),
    case K of
        0 -> {I, X2} = pick(2000, X1), {I - 1000, X2};
        1 -> bignum(X1);
        2 -> gen_float(X1);
        3 -> gen_float(X1);
        4 -> {I, X2} = pick(3, X1), {element(I + 1, {true, false, null}), X2};
        _ -> string(X1)
    end.

bignum(X) ->
    {A, X1} = pick(1 bsl 30, X),
    {B, X2} = pick(1 bsl 30, X1),
    {S, X3} = pick(2, X2),
    {(A * (1 bsl 64) + B * 977) * (1 - 2 * S), X3}.

%% Finite floats of every magnitude: a 53-bit mantissa scaled by a power
%% of two, subnormals included (exponent fields 0..2046, never infinity or
%% NaN), built from its bits, with a sign.
gen_float(X) ->
    {M, X1} = pick(1 bsl 30, X),
    {M2, X2} = pick(1 bsl 23, X1),
    {E, X3} = pick(2047, X2),
    {S, X4} = pick(2, X3),
    Mant = (M bsl 22) bor M2,
    <<F/float>> = <<S:1, E:11, Mant:52>>,
    {F, X4}.

%% A UTF-8 string of 0..11 characters: printable ASCII, the characters
%% JSON escapes (controls, ", \), DEL, two-, three- and four-byte ones.
string(X) ->
    {N, X1} = pick(12, X),
    chars(N, X1, <<>>).

chars(0, X, B) -> {B, X};
chars(N, X, B) ->
    {K, X1} = pick(8, X),
    {C, X2} = case K of
                  0 -> pick(32, X1);
                  1 -> {I, Y} = pick(4, X1), {element(I + 1, {$", $\\, $/, 127}), Y};
                  2 -> {I, Y} = pick(16#780, X1), {I + 16#80, Y};
                  3 -> {I, Y} = pick(16#D800 - 16#800, X1), {I + 16#800, Y};
                  4 -> {I, Y} = pick(16#10000 - 16#E000, X1), {I + 16#E000, Y};
                  5 -> {I, Y} = pick(16#100000, X1), {I + 16#10000, Y};
                  _ -> {I, Y} = pick(95, X1), {I + 32, Y}
              end,
    chars(N - 1, X2, <<B/binary, C/utf8>>).
