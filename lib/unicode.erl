%% lib/unicode.erl — OTP 25's unicode module as Hyperlang implements it in
%% Erlang: characters_to_list/1,2 and characters_to_binary/1,2,3 over
%% chardata in latin1, utf8, utf16 and utf32 (either byte order), with
%% OTP's {error, Converted, Rest} and {incomplete, Converted, Rest} results,
%% bom_to_encoding/1, encoding_to_bom/1, and the four normalization forms
%% (characters_to_nf{d,c,kd,kc}_{list,binary}/1). Written for Hyperlang from
%% OTP 25's documented and observed behaviour (verified against erl, not
%% copied from OTP).
%%
%% Deep lists are walked with an explicit stack of the tails still to
%% visit (Stack), so nesting depth costs heap, not C stack, and every step
%% is guest code: converting any amount of data is preemptible.
%%
%% The shape of Rest on an error: the unconverted rest of the innermost
%% list, then each enclosing list's rest around it ([Inner | Outer]); a
%% code point the output encoding cannot hold is wrapped ([[CP] | Tail]);
%% bytes of a sequence a binary left incomplete are carried into the next
%% binary, and reported as [Bytes, Rest] when an integer follows.
-module(unicode).
-export([characters_to_list/1, characters_to_list/2, characters_to_binary/1,
         characters_to_binary/2, characters_to_binary/3, bom_to_encoding/1,
         encoding_to_bom/1, characters_to_nfd_list/1, characters_to_nfd_binary/1,
         characters_to_nfc_list/1, characters_to_nfc_binary/1,
         characters_to_nfkd_list/1, characters_to_nfkd_binary/1,
         characters_to_nfkc_list/1, characters_to_nfkc_binary/1]).

characters_to_list(Data) -> characters_to_list(Data, unicode).

characters_to_list(Data, InEnc) ->
    In = enc(InEnc, Data, [Data, InEnc]),
    convert(Data, In, list, [Data, InEnc]).

characters_to_binary(Data) -> characters_to_binary(Data, unicode, unicode).

characters_to_binary(Data, InEnc) -> characters_to_binary(Data, InEnc, unicode).

characters_to_binary(Data, InEnc, OutEnc) ->
    In = enc(InEnc, Data, [Data, InEnc, OutEnc]),
    Out = enc(OutEnc, Data, [Data, InEnc, OutEnc]),
    case {Data, In, Out} of
        {<<_/binary>>, utf8, utf8} ->
            %% already in the output encoding when valid
            case valid_utf8(Data) of
                true -> Data;
                false -> convert(Data, In, Out, [Data, InEnc, OutEnc])
            end;
        {<<_/binary>>, latin1, latin1} -> Data;
        _ -> convert(Data, In, Out, [Data, InEnc, OutEnc])
    end.

enc(unicode, _, _) -> utf8;
enc(utf8, _, _) -> utf8;
enc(latin1, _, _) -> latin1;
enc(utf16, _, _) -> {utf16, big};
enc({utf16, big}, _, _) -> {utf16, big};
enc({utf16, little}, _, _) -> {utf16, little};
enc(utf32, _, _) -> {utf32, big};
enc({utf32, big}, _, _) -> {utf32, big};
enc({utf32, little}, _, _) -> {utf32, little};
enc(_, _, Args) -> erlang:error(badarg, Args).

valid_utf8(<<_/utf8, R/binary>>) -> valid_utf8(R);
valid_utf8(<<>>) -> true;
valid_utf8(_) -> false.

convert(Data, In, Out, Args) when is_list(Data); is_binary(Data) ->
    Acc0 = case Out of
               list -> [];
               _ -> <<>>
           end,
    try walk(Data, [], In, Out, Acc0, <<>>) of
        {ok, Acc} -> done(Out, Acc);
        {error, Acc, Rest} -> {error, done(Out, Acc), Rest};
        {incomplete, Acc, Rest} -> {incomplete, done(Out, Acc), Rest}
    catch
        throw:hl_unicode_badarg -> erlang:error(badarg, Args)
    end;
convert(_, _, _, Args) -> erlang:error(badarg, Args).

done(list, Acc) -> lists:reverse(Acc);
done(_, Acc) -> Acc.

%% walk(Current, Stack, In, Out, Acc, Pending): Current is the rest of the
%% list (or binary) being converted, Stack the tails of the lists around
%% it, Pending the bytes of an incomplete sequence carried over.
walk([C | T], Stack, In, Out, Acc, <<>>) when is_integer(C) ->
    case valid_cp(In, C) of
        true ->
            case emit(Out, C, Acc) of
                error -> {error, Acc, rebuild([[C] | T], Stack)};
                Acc1 -> walk(T, Stack, In, Out, Acc1, <<>>)
            end;
        false -> {error, Acc, rebuild([C | T], Stack)}
    end;
walk([C | T], Stack, utf8, _, Acc, Pending) when is_integer(C) ->
    {error, Acc, [Pending, rebuild([C | T], Stack)]};
walk([C | T], Stack, _, _, Acc, Pending) when is_integer(C) ->
    {error, Acc, [Pending | rebuild([C | T], Stack)]};
walk([B | T], Stack, In, Out, Acc, <<>>) when is_binary(B) ->
    decode(B, T, Stack, In, Out, Acc);
walk([B | T], Stack, In, Out, Acc, Pending) when is_binary(B) ->
    decode(<<Pending/binary, B/binary>>, T, Stack, In, Out, Acc);
walk([L | T], Stack, In, Out, Acc, Pending) when is_list(L) ->
    walk(L, [T | Stack], In, Out, Acc, Pending);
walk([], [T | Stack], In, Out, Acc, Pending) ->
    walk(T, Stack, In, Out, Acc, Pending);
walk([], [], _, _, Acc, <<>>) -> {ok, Acc};
walk([], [], _, _, Acc, Pending) -> {incomplete, Acc, Pending};
walk(B, Stack, In, Out, Acc, <<>>) when is_binary(B) ->
    decode(B, top, Stack, In, Out, Acc);
walk(B, Stack, In, Out, Acc, Pending) when is_binary(B) ->
    decode(<<Pending/binary, B/binary>>, top, Stack, In, Out, Acc);
walk(_, _, _, _, _, _) -> throw(hl_unicode_badarg).

valid_cp(latin1, C) -> C >= 0 andalso C < 256;
valid_cp(_, C) -> C >= 0 andalso C < 16#110000 andalso (C < 16#D800 orelse C > 16#DFFF).

rebuild(Rest, []) -> Rest;
rebuild(Rest, [T | Stack]) -> rebuild([Rest | T], Stack).

%% Decodes binary B (then the list tail T, or nothing when B is the whole
%% input or a list's improper tail: top), emitting each code point.
decode(B, T, Stack, In, Out, Acc) ->
    case next(In, B) of
        {C, R} ->
            case emit(Out, C, Acc) of
                error -> {error, Acc, bin_rest(B, T, Stack)};
                Acc1 -> decode(R, T, Stack, In, Out, Acc1)
            end;
        empty -> walk(list_tail(T), Stack, In, Out, Acc, <<>>);
        incomplete -> walk(list_tail(T), Stack, In, Out, Acc, B);
        error -> {error, Acc, bin_rest(B, T, Stack)}
    end.

list_tail(top) -> [];
list_tail(T) -> T.

bin_rest(B, top, Stack) -> rebuild(B, Stack);
bin_rest(B, T, Stack) -> rebuild([B | T], Stack).

next(_, <<>>) -> empty;
next(latin1, <<C, R/binary>>) -> {C, R};
next(utf8, <<C/utf8, R/binary>>) -> {C, R};
next(utf8, B) ->
    case utf8_prefix(B) of
        true -> incomplete;
        false -> error
    end;
next({utf16, E}, B) -> next16(E, B);
next({utf32, big}, <<C:32/big, R/binary>>) -> cp32(C, R);
next({utf32, little}, <<C:32/little, R/binary>>) -> cp32(C, R);
next({utf32, _}, _) -> incomplete.

cp32(C, R) when C < 16#D800; C > 16#DFFF, C < 16#110000 -> {C, R};
cp32(_, _) -> error.

next16(E, B) ->
    case unit16(E, B) of
        none -> incomplete;
        {W, _} when W >= 16#DC00, W =< 16#DFFF -> error;
        {W, R} when W >= 16#D800, W =< 16#DBFF ->
            case unit16(E, R) of
                none -> incomplete;
                {W2, R2} when W2 >= 16#DC00, W2 =< 16#DFFF ->
                    {16#10000 + ((W - 16#D800) bsl 10) + (W2 - 16#DC00), R2};
                _ -> error
            end;
        {W, R} -> {W, R}
    end.

unit16(big, <<W:16/big, R/binary>>) -> {W, R};
unit16(little, <<W:16/little, R/binary>>) -> {W, R};
unit16(_, _) -> none.

%% A truncated UTF-8 sequence the following bytes may complete: OTP
%% judges by the lead byte's length alone (C0..DF two bytes, E0..EF three,
%% F0..F7 four) and the continuation bytes present.
utf8_prefix(<<L, Cont/binary>>) ->
    Need = if
               L >= 16#C0, L =< 16#DF -> 2;
               L >= 16#E0, L =< 16#EF -> 3;
               L >= 16#F0, L =< 16#F7 -> 4;
               true -> 0
           end,
    byte_size(Cont) + 1 < Need andalso continuation(Cont);
utf8_prefix(_) -> false.

continuation(<<C, R/binary>>) when C >= 16#80, C =< 16#BF -> continuation(R);
continuation(<<>>) -> true;
continuation(_) -> false.

emit(list, C, Acc) -> [C | Acc];
emit(utf8, C, Acc) -> <<Acc/binary, C/utf8>>;
emit(latin1, C, Acc) when C < 256 -> <<Acc/binary, C>>;
emit(latin1, _, _) -> error;
emit({utf16, big}, C, Acc) -> <<Acc/binary, C/utf16-big>>;
emit({utf16, little}, C, Acc) -> <<Acc/binary, C/utf16-little>>;
emit({utf32, big}, C, Acc) -> <<Acc/binary, C:32/big>>;
emit({utf32, little}, C, Acc) -> <<Acc/binary, C:32/little>>.

bom_to_encoding(<<16#EF, 16#BB, 16#BF, _/binary>>) -> {utf8, 3};
bom_to_encoding(<<0, 0, 16#FE, 16#FF, _/binary>>) -> {{utf32, big}, 4};
bom_to_encoding(<<16#FF, 16#FE, 0, 0, _/binary>>) -> {{utf32, little}, 4};
bom_to_encoding(<<16#FE, 16#FF, _/binary>>) -> {{utf16, big}, 2};
bom_to_encoding(<<16#FF, 16#FE, _/binary>>) -> {{utf16, little}, 2};
bom_to_encoding(Bin) when is_binary(Bin) -> {latin1, 0}.

encoding_to_bom(unicode) -> <<16#EF, 16#BB, 16#BF>>;
encoding_to_bom(utf8) -> <<16#EF, 16#BB, 16#BF>>;
encoding_to_bom(utf16) -> <<16#FE, 16#FF>>;
encoding_to_bom({utf16, big}) -> <<16#FE, 16#FF>>;
encoding_to_bom({utf16, little}) -> <<16#FF, 16#FE>>;
encoding_to_bom(utf32) -> <<0, 0, 16#FE, 16#FF>>;
encoding_to_bom({utf32, big}) -> <<0, 0, 16#FE, 16#FF>>;
encoding_to_bom({utf32, little}) -> <<16#FF, 16#FE, 0, 0>>;
encoding_to_bom(latin1) -> <<>>.

%% ---- normalization ----
%% As OTP: grapheme cluster by cluster (string:next_grapheme/1), each one
%% decomposed (erlang:hl_uc_decomp/2: full canonical or compatibility
%% mappings from erl's tables), put in canonical order and, for NFC/NFKC,
%% recomposed (erlang:hl_uc_compose/2). Invalid UTF-8 gives
%% {error, Normalized, Rest}; a term that is not chardata is badarg.

characters_to_nfd_list(CD) -> normalize(CD, 0, false, list).
characters_to_nfd_binary(CD) -> normalize(CD, 0, false, binary).
characters_to_nfc_list(CD) -> normalize(CD, 0, true, list).
characters_to_nfc_binary(CD) -> normalize(CD, 0, true, binary).
characters_to_nfkd_list(CD) -> normalize(CD, 1, false, list).
characters_to_nfkd_binary(CD) -> normalize(CD, 1, false, binary).
characters_to_nfkc_list(CD) -> normalize(CD, 1, true, list).
characters_to_nfkc_binary(CD) -> normalize(CD, 1, true, binary).

normalize(CD, Compat, Compose, Out) ->
    try nf_loop(CD, Compat, Compose, []) of
        {ok, Acc} -> nf_out(Out, Acc);
        {error, Acc, Rest} -> {error, nf_out(Out, Acc), Rest}
    catch
        error:_ -> erlang:error(badarg, [CD])
    end.

nf_out(list, Acc) -> lists:reverse(Acc);
nf_out(binary, Acc) -> characters_to_binary(lists:reverse(Acc)).

nf_loop(CD, Compat, Compose, Acc) ->
    case string:next_grapheme(CD) of
        [G | Rest] -> nf_loop(Rest, Compat, Compose, lists:reverse(nf_gc(G, Compat, Compose), Acc));
        [] -> {ok, Acc};
        {error, Rest} -> {error, Acc, Rest}
    end.

nf_gc(C, _, _) when is_integer(C), C >= 0, C < 16#A0 -> [C];
nf_gc(C, _, _) when is_integer(C), C < 0; is_integer(C), C > 16#10FFFF -> [C];
nf_gc(G, Compat, Compose) ->
    Cps = case G of
              C when is_integer(C) -> [C];
              _ -> G
          end,
    D = reorder(lists:append([decomp(Compat, C) || C <- Cps]), [], []),
    case Compose of
        true -> compose(jamo(D), []);
        false -> D
    end.

%% Hangul: adjacent jamo compose wherever they are (L V, then LV T).
jamo([L, V | T]) when L >= 16#1100, L =< 16#1112, V >= 16#1161, V =< 16#1175 ->
    jamo([erlang:hl_uc_compose(L, V) | T]);
jamo([S, Tj | T]) when S >= 16#AC00, S =< 16#D7A3, (S - 16#AC00) rem 28 =:= 0,
                       Tj >= 16#11A8, Tj =< 16#11C2 ->
    [erlang:hl_uc_compose(S, Tj) | jamo(T)];
jamo([C | T]) -> [C | jamo(T)];
jamo([]) -> [].

decomp(_, C) when C < 0; C > 16#10FFFF -> [C];
decomp(Compat, C) ->
    case erlang:hl_uc_decomp(Compat, C) of
        D when is_integer(D) -> [D];
        Ds -> Ds
    end.

%% Canonical order: each run of non-starters stably sorted by class.
reorder([C | T], Run, Acc) ->
    case ccc(C) of
        0 -> reorder(T, [], [C | flush(Run, Acc)]);
        K -> reorder(T, [{K, C} | Run], Acc)
    end;
reorder([], Run, Acc) -> lists:reverse(flush(Run, Acc)).

flush([], Acc) -> Acc;
flush(Run, Acc) -> lists:reverse([C || {_, C} <- lists:keysort(1, lists:reverse(Run))], Acc).

%% Canonical composition within one cluster, as OTP 25 does it: the
%% cluster's first starter St takes each later code point that composes
%% with it unless a kept non-starter of the same or a higher class is in
%% between (a kept starter does not block, nor does it become the new
%% starter); Hangul jamo compose only when adjacent. Out (reversed) is
%% before St, Mid (reversed) what was kept after it, Last the class of
%% the last kept code point.
compose([C | T], Out) ->
    case ccc(C) of
        0 -> compose(T, C, [], 0, Out);
        _ -> compose(T, [C | Out])
    end;
compose([], Out) -> lists:reverse(Out).

compose([C | T], St, Mid, Last, Out) ->
    K = ccc(C),
    Blocked = Mid =/= [] andalso ((Last =/= 0 andalso Last >= K) orelse hangul(St)),
    case Blocked orelse not valid(St) orelse not valid(C) orelse erlang:hl_uc_compose(St, C) of
        X when is_integer(X) -> compose(T, X, Mid, Last, Out);
        _ -> compose(T, St, [C | Mid], K, Out)
    end;
compose([], St, Mid, _, Out) -> lists:reverse(Mid ++ [St | Out]).

ccc(C) when C < 0; C > 16#10FFFF -> 0;
ccc(C) -> erlang:hl_uc_ccc(C).

valid(C) -> C >= 0 andalso C =< 16#10FFFF.

hangul(C) -> (C >= 16#1100 andalso C =< 16#1112) orelse (C >= 16#AC00 andalso C =< 16#D7A3).
