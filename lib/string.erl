%% lib/string.erl — OTP 25's string module as Hyperlang implements it in
%% Erlang: the grapheme-cluster API (length, slice, split, trim, pad, find,
%% case mapping, ...) over chardata (lists, binaries, deep mixes) and the
%% old list API (tokens, strip, substr, ...). Written for Hyperlang from
%% OTP 25's documented and observed behaviour (verified against erl, not
%% copied from OTP). Results keep the input's form as OTP does: binary in,
%% binary (sub-binaries) out; list in, flat list out.
%%
%% Unicode data comes from C (vm/bif_unicode.c, tables generated from erl):
%% erlang:hl_uc_class/1 (grapheme class), erlang:hl_uc_case/2 (case maps).
%% Searching a binary uses erlang:hl_bin_find/3, which scans a bounded
%% chunk per call; every loop here is guest code, so all of it is
%% preemptible whatever the input's size.
%%
%% cp/1 and gc/1 are OTP's unicode_util:cp/1 and gc/1 (next_codepoint/1 and
%% next_grapheme/1): their result's tail keeps the input's structure, which
%% is what makes the other functions' result shapes match OTP's.
-module(string).
-export([is_empty/1, length/1, to_graphemes/1, reverse/1, equal/2, equal/3, equal/4,
         slice/2, slice/3, pad/2, pad/3, pad/4, trim/1, trim/2, trim/3, chomp/1,
         take/2, take/3, take/4, lexemes/2, nth_lexeme/3, uppercase/1, lowercase/1,
         titlecase/1, casefold/1, prefix/2, split/2, split/3, replace/3, replace/4,
         find/2, find/3, next_codepoint/1, next_grapheme/1, to_float/1, to_integer/1,
         list_to_float/1, list_to_integer/1,
         len/1, concat/2, chr/2, rchr/2, str/2, rstr/2, span/2, cspan/2, substr/2,
         substr/3, tokens/2, chars/2, chars/3, copies/2, words/1, words/2, strip/1,
         strip/2, strip/3, sub_word/2, sub_word/3, left/2, left/3, right/2, right/3,
         sub_string/2, sub_string/3, centre/2, centre/3, join/2, to_upper/1,
         to_lower/1]).

%% Grapheme classes (erlang:hl_uc_class/1, term/unicode_tables.h; our
%% compiler has no macros): 1 CR, 2 LF, 3 Control, 4 Extend (and
%% SpacingMark), 5 ZWJ, 6 Prepend, 7 L, 8 V, 9 T, 10 LV, 11 LVT,
%% 12 Regional indicator, 13 Extended_Pictographic, 0 any other.

%% ---- code points and grapheme clusters (unicode_util:cp/1, gc/1) ----

next_codepoint(CD) -> cp(CD).
next_grapheme(CD) -> gc(CD).

cp([C | _] = L) when is_integer(C) -> L;
cp([L]) -> cp(L);
cp([L | R]) -> cp_in(L, R);
cp([]) -> [];
cp(<<C/utf8, R/binary>>) -> [C | R];
cp(<<>>) -> [];
cp(<<R/binary>>) -> {error, R}.

%% First code point of L, the rest of L, then R.
cp_in([C], R) when is_integer(C) -> [C | tail1(R)];
cp_in([C | T], R) when is_integer(C) -> [C | tail(T, R)];
cp_in([L], R) -> cp_in(L, R);
cp_in([L | T], R) -> cp_in(L, [T | R]);
cp_in([], R) -> cp(R);
cp_in(<<C/utf8, T/binary>>, R) -> [C, T | R];
cp_in(<<>>, R) -> cp(R);
cp_in(<<B/binary>>, R) -> {error, [B | R]}.

%% Tails after the first code point: flattened up to three levels so that
%% a following call finds a code point at the head cheaply (OTP's shapes).
tail([C | T], R) when is_integer(C) -> [C | tail2(T, R)];
tail([L], R) -> tail(L, R);
tail([L | T], R) -> tail(L, [T | R]);
tail([], R) -> tail1(R);
tail(T, R) -> [T | R].

tail2([C | T], R) when is_integer(C) -> [C | tail3(T, R)];
tail2([L], R) -> tail2(L, R);
tail2([L | T], R) -> tail2(L, [T | R]);
tail2([], R) -> tail1_2(R);
tail2(T, R) -> [T | R].

tail3([C], R) when is_integer(C) -> [C | R];
tail3([C | T], R) when is_integer(C) -> [C, T | R];
tail3([L], R) -> tail3(L, R);
tail3([L | T], R) -> tail3(L, [T | R]);
tail3([], R) -> tail1_3(R);
tail3(T, R) -> [T | R].

tail1([C | T]) when is_integer(C) -> [C | tail1_2(T)];
tail1([L]) -> tail1(L);
tail1([L | T]) -> tail(L, T);
tail1(T) -> T.

tail1_2([C | T]) when is_integer(C) -> [C | tail1_3(T)];
tail1_2([L]) -> tail1_2(L);
tail1_2([L | T]) -> tail2(L, T);
tail1_2(T) -> T.

tail1_3([C | _] = T) when is_integer(C) -> T;
tail1_3([L]) -> tail1_3(L);
tail1_3([L | T]) -> tail3(L, T);
tail1_3(T) -> T.

%% cp/1 on a list holding no binary before its first code point, else
%% binary_found.
cp_nobin([C | _] = L) when is_integer(C) -> L;
cp_nobin([L]) -> cp_nobin(L);
cp_nobin([L | R]) -> cp_nobin_in(L, R);
cp_nobin([]) -> [];
cp_nobin(_) -> binary_found.

cp_nobin_in([C], R) when is_integer(C) -> [C | tail1(R)];
cp_nobin_in([C | T], R) when is_integer(C) -> [C | tail(T, R)];
cp_nobin_in([L], R) -> cp_nobin_in(L, R);
cp_nobin_in([L | T], R) -> cp_nobin_in(L, [T | R]);
cp_nobin_in([], R) -> cp_nobin(R);
cp_nobin_in(_, _) -> binary_found.

gc([] = R) -> R;
gc([C] = R) when is_integer(C) -> R;
gc([$\r | R0]) ->
    case cp(R0) of
        [$\n | R1] -> [[$\r, $\n] | R1];
        T -> [$\r | T]
    end;
gc([C1 | T1] = T) when is_integer(C1), C1 >= 0, C1 < 256 ->
    case T1 of
        [C2 | _] when is_integer(C2), C2 >= 0, C2 < 256 -> T;
        _ ->
            case cp_nobin(T1) of
                [C2 | _] = T3 when is_integer(C2), C2 >= 0, C2 < 256 -> [C1 | T3];
                binary_found -> gc_1(T);
                T4 -> gc_1([C1 | T4])
            end
    end;
gc(<<>>) -> [];
gc(<<C1/utf8, Rest/binary>>) ->
    if
        C1 < 256, C1 =/= $\r ->
            case Rest of
                <<C2/utf8, _/binary>> when C2 < 256 -> [C1 | Rest];
                _ -> gc_1([C1 | Rest])
            end;
        true -> gc_1([C1 | Rest])
    end;
gc([C | _] = T) when is_integer(C) -> gc_1(T);
gc(Str) ->
    case cp(Str) of
        {error, _} = E -> E;
        Cps -> gc(Cps)
    end.

class(C) when is_integer(C), C >= 0, C < 16#110000 -> erlang:hl_uc_class(C);
class(_) -> 0.

%% gc/1 for the functions that need a cluster: invalid UTF-8 is badarg.
gcx(Str) ->
    case gc(Str) of
        {error, R} -> erlang:error({badarg, R});
        Res -> Res
    end.

gc_1([$\r | R0] = R) ->
    case cp(R0) of
        [$\n | R1] -> [[$\r, $\n] | R1];
        _ -> R
    end;
gc_1([C | R] = R0) when is_integer(C), C >= 0, C < 16#110000 ->
    case class(C) of
        2 -> R0;
        3 -> R0;
        13 -> gc_pict(R, [C]);
        6 -> gc_prepend(R, C);
        7 -> gc_l(R, [C]);
        8 -> gc_v(R, [C]);
        9 -> gc_t(R, [C]);
        10 -> gc_v(R, [C]);
        11 -> gc_t(R, [C]);
        12 -> gc_ri(R, C);
        _ -> gc_ext(cp(R), R, C)
    end;
gc_1([C | _]) -> erlang:error({badarg, C}).

is_control(C) -> K = class(C), K >= 1 andalso K =< 3.

%% false | true | zwj
is_extend(C) ->
    case class(C) of
        4 -> true;
        5 -> zwj;
        _ -> false
    end.

gc_prepend(R00, C0) ->
    case cp(R00) of
        [C1 | _] = R0 ->
            case is_control(C1) of
                true -> [C0 | R00];
                false ->
                    case gc_1(R0) of
                        [G | R1] when is_integer(G) -> [[C0, G] | R1];
                        [G | R1] -> [[C0 | G] | R1]
                    end
            end;
        [] -> [C0];
        {error, R} -> [C0 | R]
    end.

gc_ext([C | T], T0, C0) ->
    case is_extend(C) of
        false -> [C0 | T0];
        _ -> gc_ext2(cp(T), T, [C, C0])
    end;
gc_ext([], T0, C) -> [C | T0];
gc_ext({error, R}, _, C) -> [C | R].

gc_ext2([C | T], T0, Acc) ->
    case is_extend(C) of
        false -> [lists:reverse(Acc) | T0];
        _ -> gc_ext2(cp(T), T, [C | Acc])
    end;
gc_ext2([], T0, Acc) -> [lists:reverse(Acc) | T0];
gc_ext2({error, R}, _, Acc) -> [lists:reverse(Acc), R].

gc_pict(T, Acc) -> gc_pict(cp(T), T, Acc).

gc_pict([C | R1], T0, Acc) ->
    case is_extend(C) of
        zwj -> gc_pict_zwj(cp(R1), R1, [C | Acc]);
        true -> gc_pict(R1, [C | Acc]);
        false -> add_acc(Acc, T0)
    end;
gc_pict([], T0, Acc) -> add_acc(Acc, T0);
gc_pict({error, R}, T, Acc) -> gc_pict([], T, Acc) ++ [R].

gc_pict_zwj([C | R1], T0, Acc) ->
    case class(C) of
        13 -> gc_pict(R1, [C | Acc]);
        _ -> add_acc(Acc, T0)
    end;
gc_pict_zwj([], T0, Acc) -> add_acc(Acc, T0);
gc_pict_zwj({error, R}, T, Acc) -> gc_pict_zwj([], T, Acc) ++ [R].

add_acc([C], R) -> [C | R];
add_acc(Cs, R) -> [lists:reverse(Cs) | R].

gc_ri(R0, C0) ->
    case cp(R0) of
        [C | R1] = Cs ->
            case class(C) of
                12 -> gc_ext2(cp(R1), R1, [C, C0]);
                _ -> gc_ext(Cs, R0, C0)
            end;
        R1 -> gc_ext(R1, R0, C0)
    end.

hangul_class(C) when is_integer(C) -> class(C);
hangul_class(_) -> 0.

gc_l(R0, Acc) ->
    case cp(R0) of
        [C | R1] = Cs ->
            case hangul_class(C) of
                7 -> gc_l(R1, [C | Acc]);
                8 -> gc_v(R1, [C | Acc]);
                10 -> gc_v(R1, [C | Acc]);
                11 -> gc_t(R1, [C | Acc]);
                _ -> gc_h_end(Cs, R0, Acc)
            end;
        Cs -> gc_h_end(Cs, R0, Acc)
    end.

gc_v(R0, Acc) ->
    case cp(R0) of
        [C | R1] = Cs ->
            case hangul_class(C) of
                8 -> gc_v(R1, [C | Acc]);
                9 -> gc_t(R1, [C | Acc]);
                _ -> gc_h_end(Cs, R0, Acc)
            end;
        Cs -> gc_h_end(Cs, R0, Acc)
    end.

gc_t(R0, Acc) ->
    case cp(R0) of
        [C | R1] = Cs ->
            case hangul_class(C) of
                9 -> gc_t(R1, [C | Acc]);
                _ -> gc_h_end(Cs, R0, Acc)
            end;
        Cs -> gc_h_end(Cs, R0, Acc)
    end.

gc_h_end(Cs, R0, [C]) -> gc_ext(Cs, R0, C);
gc_h_end(Cs, R0, Acc) -> gc_ext2(Cs, R0, Acc).

%% ---- the unicode API ----

is_empty([]) -> true;
is_empty(<<>>) -> true;
is_empty([L | R]) -> is_empty(L) andalso is_empty(R);
is_empty(_) -> false.

length(CD) -> length_1(CD, 0).

length_1([C1 | [C2 | _] = Cont], N) when is_integer(C1), is_integer(C2), C1 < 256, C2 < 256,
                                          C1 =/= $\r, C1 >= 0, C2 >= 0 ->
    length_1(Cont, N + 1);
length_1(Str, N) ->
    case gcx(Str) of
        [] -> N;
        [_ | Rest] -> length_1(Rest, N + 1)
    end.

to_graphemes(CD) ->
    case gc(CD) of
        [G | Rest] -> [G | to_graphemes(Rest)];
        [] -> []
    end.

equal(A, B) when is_binary(A), is_binary(B) -> A =:= B;
equal(A, B) -> equal_1(A, B).

equal_1([A | AR], [B | BR]) when is_integer(A), is_integer(B) ->
    A =:= B andalso equal_1(AR, BR);
equal_1([], BR) -> is_empty(BR);
equal_1(A0, B0) ->
    case {cp(A0), cp(B0)} of
        {[C | A], [C | B]} -> equal_1(A, B);
        {[], []} -> true;
        {L1, L2} when is_list(L1), is_list(L2) -> false
    end.

equal(A, B, false) -> equal(A, B);
equal(A, B, true) -> equal_nocase(A, B).

equal(A, B, Case, none) -> equal(A, B, Case);
equal(A, B, false, Norm) -> equal_norm(A, B, Norm, false);
equal(A, B, true, Norm) -> equal_norm(A, B, Norm, true).

equal_nocase(A, A) -> true;
equal_nocase(A0, B0) ->
    case {cp(casefold_first(A0)), cp(casefold_first(B0))} of
        {[C | A], [C | B]} -> equal_nocase(A, B);
        {[], []} -> true;
        {L1, L2} when is_list(L1), is_list(L2) -> false
    end.

%% unicode_util:casefold/1: the first code point folded, then the rest.
casefold_first(Str) -> case_first(3, Str).

case_first(K, Str) ->
    case cp(Str) of
        [C | R] -> [erlang:hl_uc_case(K, C) | R];
        [] -> [];
        {error, Err} -> erlang:error({badarg, Err})
    end.

equal_norm(A, B, Norm, Fold) ->
    NA = normalize(Norm, A),
    NB = normalize(Norm, B),
    case Fold of
        false -> equal(NA, NB);
        true -> equal_nocase(NA, NB)
    end.

normalize(nfc, S) -> unicode:characters_to_nfc_list(S);
normalize(nfd, S) -> unicode:characters_to_nfd_list(S);
normalize(nfkc, S) -> unicode:characters_to_nfkc_list(S);
normalize(nfkd, S) -> unicode:characters_to_nfkd_list(S).

reverse(CD) -> reverse_1(CD, []).

reverse_1([C1 | [C2 | _] = Cont], Acc) when is_integer(C1), is_integer(C2), C1 < 256, C2 < 256,
                                             C1 =/= $\r, C1 >= 0, C2 >= 0 ->
    reverse_1(Cont, [C1 | Acc]);
reverse_1(CD, Acc) ->
    case gcx(CD) of
        [G | Rest] -> reverse_1(Rest, [G | Acc]);
        [] -> Acc
    end.

slice(CD, N) when is_integer(N), N >= 0 ->
    case skip_gcs(CD, N) of
        [] when is_binary(CD) -> <<>>;
        Res -> Res
    end.

slice(CD, N, Length) when is_integer(N), N >= 0, is_integer(Length), Length > 0 ->
    case skip_gcs(CD, N) of
        [] when is_binary(CD) -> <<>>;
        L -> slice_trail(L, Length)
    end;
slice(CD, N, infinity) ->
    case skip_gcs(CD, N) of
        [] when is_binary(CD) -> <<>>;
        Res -> Res
    end;
slice(CD, _, 0) ->
    case is_binary(CD) of
        true -> <<>>;
        false -> []
    end.

%% A binary is walked as OTP does it: each cluster from [CP | Rest] (the
%% first code point decoded), so the rest can come back as [CP | Bin].
skip_gcs(<<C1/utf8, Bin/binary>>, N) when N > 0 -> skip_bin(Bin, C1, N);
skip_gcs(CD, 0) -> CD;
skip_gcs(CD, N) ->
    case gc(CD) of
        [_ | Cont] -> skip_gcs(Cont, N - 1);
        [] -> []
    end.

skip_bin(<<C2/utf8, Bin/binary>>, C1, N) when C1 < 256, C2 < 256, C1 =/= $\r, N > 1 ->
    skip_bin(Bin, C2, N - 1);
skip_bin(Bin, C1, N) ->
    [_ | Rest] = gcx([C1 | Bin]),
    if
        N > 1 ->
            case cp(Rest) of
                [C2 | Cont] -> skip_bin(Cont, C2, N - 1);
                [] -> <<>>
            end;
        true -> Rest
    end.

slice_trail(Bin, N) when is_binary(Bin) ->
    Rest = skip_gcs(Bin, N),
    Sz = byte_size(Bin) - rest_size(Rest),
    <<Keep:Sz/binary, _/binary>> = Bin,
    Keep;
slice_trail(CD, N) -> take_gcs(CD, N, []).

%% Bytes left in the tail gc/1 returns for a binary (a binary, or [] after
%% a trailing prepend character).
rest_size(B) when is_binary(B) -> byte_size(B);
rest_size([]) -> 0.

take_gcs(CD, N, Acc) when N > 0 ->
    case gc(CD) of
        [G | Cont] -> take_gcs(Cont, N - 1, rev_app(G, Acc));
        [] -> lists:reverse(Acc)
    end;
take_gcs(_, 0, Acc) -> lists:reverse(Acc).

%% A grapheme cluster reversed onto an accumulator.
rev_app(G, Acc) when is_integer(G) -> [G | Acc];
rev_app(G, Acc) -> lists:reverse(G, Acc).

pad(CD, Length) -> pad(CD, Length, trailing, $\s).
pad(CD, Length, Dir) -> pad(CD, Length, Dir, $\s).

pad(CD, Length, leading, Char) when is_integer(Length) ->
    Len = string:length(CD),
    [lists:duplicate(max(0, Length - Len), Char), CD];
pad(CD, Length, trailing, Char) when is_integer(Length) ->
    Len = string:length(CD),
    [CD | lists:duplicate(max(0, Length - Len), Char)];
pad(CD, Length, both, Char) when is_integer(Length) ->
    Len = string:length(CD),
    Size = max(0, Length - Len),
    Pre = lists:duplicate(Size div 2, Char),
    Post = case Size rem 2 of
               1 -> [Char];
               _ -> []
           end,
    [Pre, CD, Pre | Post].

whitespace() -> [[$\r, $\n], $\t, $\n, $\v, $\f, $\r, $\s, 16#85, 16#200E, 16#200F, 16#2028, 16#2029].

trim(Str) -> trim(Str, both, whitespace()).
trim(Str, Dir) -> trim(Str, Dir, whitespace()).

trim(Str, _, []) -> Str;
trim(Str, leading, Seps) when is_list(Seps) -> trim_l(Str, Seps);
trim(Str, trailing, Seps) when is_list(Seps) -> trim_t(Str, Seps);
trim(Str, both, Seps) when is_list(Seps) -> trim_t(trim_l(Str, Seps), Seps).

trim_l(Str, Seps) ->
    case gc(Str) of
        [G | Rest] ->
            case lists:member(G, Seps) of
                true -> trim_l(Rest, Seps);
                false -> Str
            end;
        [] when is_binary(Str) -> <<>>;
        [] -> []
    end.

%% Everything up to the end of the last grapheme cluster not in Seps.
trim_t(Bin, Seps) when is_binary(Bin) ->
    Keep = trail_cut(Bin, Seps, true, 0),
    <<K:Keep/binary, _/binary>> = Bin,
    K;
trim_t(Str, Seps) -> trim_tl(Str, Seps).

%% Where the trailing run of clusters of Bin whose membership in Seps is In
%% starts, found as OTP finds it: a member run is looked for at every code
%% point where a member cluster starts (so it can start inside a cluster),
%% a non-member run at cluster boundaries; each candidate is checked to the
%% end of Bin.
trail_cut(Bin, Seps, true, From) ->
    case member_at(Bin, Seps, From) of
        nomatch -> byte_size(Bin);
        P ->
            case nonmember_at(Bin, Seps, P) of
                nomatch -> P;
                Q -> trail_cut(Bin, Seps, true, Q)
            end
    end;
trail_cut(Bin, Seps, false, From) ->
    case nonmember_at(Bin, Seps, From) of
        nomatch -> byte_size(Bin);
        P ->
            case member_at(Bin, Seps, P) of
                nomatch -> P;
                Q -> trail_cut(Bin, Seps, false, Q)
            end
    end.

%% The first byte offset >= From where a cluster in Seps starts, trying
%% each code point; a cluster that starts with a separator's first code
%% point but is not one is skipped whole.
member_at(Bin, Seps, From) ->
    <<_:From/binary, R/binary>> = Bin,
    case R of
        <<>> -> nomatch;
        <<C/utf8, R1/binary>> ->
            [G | Rest] = gcx(R),
            case lists:member(G, Seps) of
                true -> From;
                false ->
                    case starts_sep(C, Seps) of
                        true ->
                            case Rest of
                                [] -> nomatch;
                                _ -> member_at(Bin, Seps, byte_size(Bin) - rest_size(Rest))
                            end;
                        false -> member_at(Bin, Seps, byte_size(Bin) - byte_size(R1))
                    end
            end;
        _ -> erlang:error({badarg, R})
    end.

starts_sep(C, [C | _]) -> true;
starts_sep(C, [[C | _] | _]) -> true;
starts_sep(C, [_ | Seps]) -> starts_sep(C, Seps);
starts_sep(_, []) -> false.

%% The first cluster boundary >= From where a cluster not in Seps starts.
nonmember_at(Bin, Seps, From) ->
    <<_:From/binary, R/binary>> = Bin,
    case gcx(R) of
        [] -> nomatch;
        [G | Rest] ->
            case lists:member(G, Seps) of
                true -> nonmember_at(Bin, Seps, byte_size(Bin) - rest_size(Rest));
                false -> From
            end
    end.

%% A list: its code points are copied, binaries in it kept whole (cut when
%% they end with separators), as OTP returns them.
trim_tl([C | Cont] = Str, Seps) when is_integer(C) ->
    case starts_sep(C, Seps) of
        false -> [C | trim_tl(Cont, Seps)];
        true -> trim_tg(gcx(Str), Seps)
    end;
trim_tl([B | Cont], Seps) when is_binary(B) ->
    case trail_cut(B, Seps, true, 0) of
        Cut when Cut =:= byte_size(B) -> stack(B, trim_tl(Cont, Seps));
        Cut ->
            Tail = trim_tl(Cont, Seps),
            case is_empty(Tail) of
                true -> binary_part(B, 0, Cut);
                false -> stack(B, Tail)
            end
    end;
trim_tl(Bin, Seps) when is_binary(Bin) -> trim_t(Bin, Seps);
trim_tl(Str, Seps) -> trim_tg(gcx(Str), Seps).

trim_tg([G | Rest], Seps) ->
    case lists:member(G, Seps) of
        true ->
            Tail = trim_tl(Rest, Seps),
            case is_empty(Tail) of
                true -> [];
                false -> gc_append(G, Tail)
            end;
        false -> gc_append(G, trim_tl(Rest, Seps))
    end;
trim_tg([], _) -> [].

%% A binary in front of the rest of a result (none when empty).
stack(B, []) -> B;
stack(<<>>, St) -> St;
stack([], St) -> St;
stack(B, St) -> [B | St].

chomp(Str) -> trim(Str, trailing, [[$\r, $\n], $\n]).

take(Str, Sep) -> take(Str, Sep, false, leading).
take(Str, Sep, Complement) -> take(Str, Sep, Complement, leading).

take(Str, [], Complement, Dir) ->
    Empty = case is_binary(Str) of
                true -> <<>>;
                false -> []
            end,
    case {Complement, Dir} of
        {false, leading} -> {Empty, Str};
        {false, trailing} -> {Str, Empty};
        {true, leading} -> {Str, Empty};
        {true, trailing} -> {Empty, Str}
    end;
take(Str, Seps, Complement, leading) when is_list(Seps), is_boolean(Complement) ->
    take_l(Str, Seps, not Complement);
take(Str, Seps, Complement, trailing) when is_list(Seps), is_boolean(Complement) ->
    take_t(Str, Seps, not Complement).

%% The longest leading run of clusters whose membership in Seps is In.
take_l(Bin, Seps, true) when is_binary(Bin) ->
    Rest = take_l_bin(Bin, Seps, true),
    Sz = byte_size(Bin) - rest_size(Rest),
    <<Head:Sz/binary, _/binary>> = Bin,
    {Head, Rest};
take_l(Bin, Seps, false) when is_binary(Bin) ->
    Sz = case member_at(Bin, Seps, 0) of
             nomatch -> byte_size(Bin);
             P -> P
         end,
    <<Head:Sz/binary, Rest/binary>> = Bin,
    {Head, Rest};
take_l(Str, Seps, true) -> take_ll(Str, Seps, true, []);
take_l(Str, Seps, false) -> pick(Str, Seps, []).

take_l_bin(Bin, Seps, In) ->
    case gc(Bin) of
        [G | Rest] ->
            case lists:member(G, Seps) of
                In -> take_l_bin(Rest, Seps, In);
                _ -> Bin
            end;
        [] -> <<>>
    end.

take_ll([B | Cont], Seps, true, Acc) when is_binary(B) ->
    case nonmember_at(B, Seps, 0) of
        nomatch -> take_ll(Cont, Seps, true, [B | Acc]);
        P ->
            <<Keep:P/binary, Rest/binary>> = B,
            {btoken(Keep, Acc), [Rest | Cont]}
    end;
take_ll(Str, Seps, In, Acc) ->
    case gc(Str) of
        [G | Rest] ->
            case lists:member(G, Seps) of
                In -> take_ll(Rest, Seps, In, rev_app(G, Acc));
                _ -> {rev(Acc), Str}
            end;
        [] -> {rev(Acc), []}
    end.

%% The longest trailing run of clusters whose membership is In.
take_t(Bin, Seps, In) when is_binary(Bin) ->
    Sz = trail_cut(Bin, Seps, In, 0),
    <<Head:Sz/binary, Rest/binary>> = Bin,
    {Head, Rest};
take_t(Str, Seps, In) -> take_tl(Str, Seps, In, [], []).

take_tl(Str, Seps, In, Keep, Pend) ->
    case gc(Str) of
        [G | Rest] ->
            case lists:member(G, Seps) of
                In -> take_tl(Rest, Seps, In, Keep, rev_app(G, Pend));
                _ -> take_tl(Rest, Seps, In, rev_app(G, Pend ++ Keep), [])
            end;
        [] -> {lists:reverse(Keep), lists:reverse(Pend)}
    end.

%% ---- case ----

uppercase(CD) -> case_map(0, CD).
lowercase(CD) -> case_map(1, CD).
casefold(CD) -> case_map(3, CD).

case_map(K, CD) when is_list(CD) -> case_list(K, CD, []);
case_map(K, CD) when is_binary(CD) -> case_bin(K, CD, <<>>);
case_map(_, CD) -> erlang:error({badarg, CD}).

case_list(K, Str, Acc) ->
    case cp(Str) of
        [C | Rest] -> case_list(K, Rest, rev_app(case_cp(K, C), Acc));
        [] -> lists:reverse(Acc);
        {error, Err} -> erlang:error({badarg, Err})
    end.

case_bin(K, <<C/utf8, Rest/binary>>, Acc) ->
    case case_cp(K, C) of
        M when is_integer(M) -> case_bin(K, Rest, <<Acc/binary, M/utf8>>);
        Ms -> case_bin(K, Rest, <<Acc/binary, (utf8(Ms))/binary>>)
    end;
case_bin(_, <<>>, Acc) -> Acc;
case_bin(_, Bin, _) -> erlang:error({badarg, Bin}).

case_cp(0, C) when C >= $a, C =< $z -> C - 32;
case_cp(K, C) when K > 0, C >= $A, C =< $Z -> C + 32;
case_cp(_, C) when C < 128 -> C;
case_cp(K, C) -> erlang:hl_uc_case(K, C).

utf8(Cs) -> << <<C/utf8>> || C <- Cs >>.

titlecase(CD) when is_list(CD) ->
    case case_first(2, CD) of
        [G | Tail] -> gc_append(G, Tail);
        Empty -> Empty
    end;
titlecase(CD) when is_binary(CD) ->
    case case_first(2, CD) of
        [C | Chars] when is_integer(C) -> <<C/utf8, Chars/binary>>;
        [Cs | Chars] -> <<(utf8(Cs))/binary, Chars/binary>>;
        [] -> <<>>
    end;
titlecase(CD) -> erlang:error({badarg, CD}).

%% A cluster in front of a string (OTP's shape: no [G | <<>>]).
gc_append(C, <<>>) when is_integer(C) -> [C];
gc_append(G, <<>>) when is_list(G) -> G;
gc_append(G, Bin) when is_binary(Bin) -> [G, Bin];
gc_append(C, Str) when is_integer(C) -> [C | Str];
gc_append(G, Str) when is_list(G) -> G ++ Str.

%% ---- numbers ----

to_integer(String) ->
    try take(String, "+-0123456789") of
        {Head, Tail} ->
            case is_empty(Head) of
                true -> {error, no_integer};
                false ->
                    List = unicode:characters_to_list(Head),
                    case string:list_to_integer(List) of
                        {error, _} = Err -> Err;
                        {Int, Rest} -> to_number(String, Int, Rest, List, Tail)
                    end
            end
    catch _:_ -> {error, badarg}
    end.

to_float(String) ->
    try take(String, "+-0123456789eE.,") of
        {Head, Tail} ->
            case is_empty(Head) of
                true -> {error, no_float};
                false ->
                    List = unicode:characters_to_list(Head),
                    case string:list_to_float(List) of
                        {error, _} = Err -> Err;
                        {Float, Rest} -> to_number(String, Float, Rest, List, Tail)
                    end
            end
    catch _:_ -> {error, badarg}
    end.

to_number(String, Number, Rest, List, _Tail) when is_binary(String) ->
    BSz = erlang:length(List) - erlang:length(Rest),
    <<_:BSz/binary, Cont/binary>> = String,
    {Number, Cont};
to_number(_, Number, Rest, _, Tail) ->
    {Number, concat_cd(Rest, Tail)}.

concat_cd(Rest, Tail) when is_list(Tail) -> Rest ++ Tail;
concat_cd([], Tail) -> Tail;
concat_cd(Rest, Tail) -> [Rest | Tail].

%% string:list_to_integer/1: a sign and digits at the head of a flat list.
list_to_integer(L) when is_list(L) ->
    case L of
        [S | R] when S =:= $+; S =:= $- ->
            case digits(R, []) of
                {[], _} -> {error, no_integer};
                {Ds, Rest} -> {erlang:list_to_integer([S | Ds]), Rest}
            end;
        _ ->
            case digits(L, []) of
                {[], _} -> {error, no_integer};
                {Ds, Rest} -> {erlang:list_to_integer(Ds), Rest}
            end
    end;
list_to_integer(_) -> {error, not_a_list}.

digits([D | R], Acc) when is_integer(D), D >= $0, D =< $9 -> digits(R, [D | Acc]);
digits(R, Acc) -> {lists:reverse(Acc), R}.

%% string:list_to_float/1: [sign] digits . digits [(e|E) [sign] digits].
list_to_float(L) when is_list(L) ->
    {Sign, R0} = case L of
                     [S | R] when S =:= $+; S =:= $- -> {[S], R};
                     _ -> {[], L}
                 end,
    case digits(R0, []) of
        {[_ | _] = Int, [Dot | R1]} when Dot =:= $.; Dot =:= $, ->
            case digits(R1, []) of
                {[_ | _] = Frac, R2} ->
                    {Exp, R3} = exponent(R2),
                    %% (out of range, e.g. "1.0e999": no_float, as OTP)
                    try erlang:list_to_float(Sign ++ Int ++ "." ++ Frac ++ Exp) of
                        F -> {F, R3}
                    catch
                        error:badarg -> {error, no_float}
                    end;
                _ -> {error, no_float}
            end;
        _ -> {error, no_float}
    end;
list_to_float(_) -> {error, not_a_list}.

exponent([E | R] = L) when E =:= $e; E =:= $E ->
    {Sign, R1} = case R of
                     [S | T] when S =:= $+; S =:= $- -> {[S], T};
                     _ -> {[], R}
                 end,
    case digits(R1, []) of
        {[], _} -> {[], L};
        {Ds, R2} -> {"e" ++ Sign ++ Ds, R2}
    end;
exponent(L) -> {[], L}.

%% ---- searching ----

prefix(Str, Prefix0) ->
    Result = case unicode:characters_to_list(Prefix0) of
                 [] -> Str;
                 Prefix -> prefix_1(Str, Prefix)
             end,
    case Result of
        [] when is_binary(Str) -> <<>>;
        Res -> Res
    end.

%% Str without the code points Needle, the last of which must be a whole
%% grapheme cluster of Str; or nomatch.
prefix_1(Cs0, [G]) ->
    case gc(Cs0) of
        [G | Cs] -> Cs;
        _ -> nomatch
    end;
prefix_1([C | Cs], [P | PR]) when is_integer(C) ->
    case C =:= P of
        true -> prefix_1(Cs, PR);
        false -> nomatch
    end;
prefix_1(<<C/utf8, Cs/binary>>, [P | PR]) ->
    case C =:= P of
        true -> prefix_1(Cs, PR);
        false -> nomatch
    end;
prefix_1(Cs0, [P | PR]) ->
    case cp(Cs0) of
        [P | Cs] -> prefix_1(Cs, PR);
        _ -> nomatch
    end.

split(String, Pattern) -> split(String, Pattern, leading).

split(String, Pattern, Where) ->
    case is_empty(Pattern) of
        true -> [String];
        false ->
            Needle = unicode:characters_to_list(Pattern),
            case is_binary(String) of
                true -> split_bin(String, Needle, Where);
                false -> split_list(String, Needle, Where)
            end
    end.

split_list(String, Needle, Where) ->
    case split_l(String, Needle, Where, [], []) of
        {_Curr, []} -> [String];
        {_Curr, Acc} when Where =:= trailing -> Acc;
        {Curr, Acc} when Where =:= all -> lists:reverse([Curr | Acc]);
        Acc when is_list(Acc) -> Acc
    end.

split_l(Cs0, [N | _] = Needle, Where, Curr, Acc) ->
    case cp(Cs0) of
        [N | Cs] ->
            case prefix_1(Cs0, Needle) of
                nomatch -> split_l(Cs, Needle, Where, [N | Curr], Acc);
                Rest when Where =:= leading -> [lists:reverse(Curr), Rest];
                Rest when Where =:= trailing ->
                    split_l(Cs, Needle, Where, [N | Curr], [lists:reverse(Curr), Rest]);
                Rest when Where =:= all ->
                    split_l(Rest, Needle, Where, [], [lists:reverse(Curr) | Acc])
            end;
        [C | Cs] -> split_l(Cs, Needle, Where, [C | Curr], Acc);
        [] -> {lists:reverse(Curr), Acc}
    end.

%% A binary: candidates found in C (hl_bin_find), kept when the needle's
%% last cluster ends on a cluster boundary.
split_bin(Bin, Needle, Where) ->
    Pat = utf8(Needle),
    case Where of
        leading ->
            case bin_search(Bin, Pat, Needle, 0) of
                nomatch -> [Bin];
                {Pos, After} -> [binary_part(Bin, 0, Pos), After]
            end;
        trailing ->
            case bin_search_last(Bin, Pat, Needle, 0, nomatch) of
                nomatch -> [Bin];
                {Pos, After} -> [binary_part(Bin, 0, Pos), After]
            end;
        all -> split_bin_all(Bin, Pat, Needle, 0, 0, [])
    end.

split_bin_all(Bin, Pat, Needle, From, Start, Acc) ->
    case bin_search(Bin, Pat, Needle, Start) of
        nomatch ->
            lists:reverse([binary_part(Bin, From, byte_size(Bin) - From) | Acc]);
        {Pos, After} ->
            Next = byte_size(Bin) - byte_size(After),
            split_bin_all(Bin, Pat, Needle, Next, Next, [binary_part(Bin, From, Pos - From) | Acc])
    end.

%% First match at or after byte Start: {Pos, Rest after it} or nomatch.
bin_search(Bin, Pat, Needle, Start) ->
    case bin_find(Bin, Pat, Start) of
        false -> nomatch;
        Pos ->
            <<_:Pos/binary, Cs0/binary>> = Bin,
            case prefix_1(Cs0, Needle) of
                nomatch ->
                    <<_/utf8, Cs/binary>> = Cs0,
                    bin_search(Bin, Pat, Needle, byte_size(Bin) - byte_size(Cs));
                [] -> {Pos, <<>>};
                Rest -> {Pos, Rest}
            end
    end.

bin_search_last(Bin, Pat, Needle, Start, Last) ->
    case bin_search(Bin, Pat, Needle, Start) of
        nomatch -> Last;
        {Pos, _} = M ->
            <<_:Pos/binary, _/utf8, Cs/binary>> = Bin,
            bin_search_last(Bin, Pat, Needle, byte_size(Bin) - byte_size(Cs), M)
    end.

bin_find(Bin, Pat, Start) ->
    case erlang:hl_bin_find(Bin, Pat, Start) of
        [Next] -> bin_find(Bin, Pat, Next);
        R -> R
    end.

replace(String, Pattern, Replacement) ->
    lists:join(Replacement, split(String, Pattern)).

replace(String, Pattern, Replacement, Where) ->
    lists:join(Replacement, split(String, Pattern, Where)).

find(String, Pattern) -> find(String, Pattern, leading).

find(String, "", _) -> String;
find(String, <<>>, _) -> String;
find(String, Pattern, leading) ->
    Needle = unicode:characters_to_list(Pattern),
    case is_binary(String) of
        true ->
            case bin_search(String, utf8(Needle), Needle, 0) of
                nomatch -> nomatch;
                {Pos, _} -> binary_part(String, Pos, byte_size(String) - Pos)
            end;
        false -> find_l(String, Needle)
    end;
find(String, Pattern, trailing) ->
    Needle = unicode:characters_to_list(Pattern),
    case is_binary(String) of
        true ->
            case bin_search_last(String, utf8(Needle), Needle, 0, nomatch) of
                nomatch -> nomatch;
                {Pos, _} -> binary_part(String, Pos, byte_size(String) - Pos)
            end;
        false -> find_r(String, Needle, nomatch)
    end.

find_l([B | Cont], Needle) when is_binary(B) -> find_lb(B, Cont, Needle, 0);
find_l(Cs0, [N | _] = Needle) ->
    case cp(Cs0) of
        [N | Cs] ->
            case prefix_1(Cs0, Needle) of
                nomatch -> find_l(Cs, Needle);
                _ -> Cs0
            end;
        [_ | Cs] -> find_l(Cs, Needle);
        [] -> nomatch
    end.

find_r([B | Cont], Needle, Res) when is_binary(B) ->
    case find_bin_at(B, Cont, Needle, 0) of
        nomatch -> find_r(Cont, Needle, Res);
        {Cs0, _} -> find_r(tl(gcx(Cs0)), Needle, Cs0)
    end;
find_r(Cs0, [N | _] = Needle, Res) ->
    case cp(Cs0) of
        [N | Cs] ->
            case prefix_1(Cs0, Needle) of
                nomatch -> find_r(Cs, Needle, Res);
                _ -> find_r(Cs, Needle, Cs0)
            end;
        [_ | Cs] -> find_r(Cs, Needle, Res);
        [] -> Res
    end.

%% A needle in binary B (a list's head) then Cont: the rest from the match
%% ([BinFrom | Cont]), or where to go on from.
find_lb(B, Cont, Needle, Start) ->
    case find_bin_at(B, Cont, Needle, Start) of
        nomatch -> find_l(Cont, Needle);
        {Cs0, _} -> Cs0
    end.

find_bin_at(B, Cont, [N | _] = Needle, Start) ->
    case bin_find(B, <<N/utf8>>, Start) of
        false -> nomatch;
        P ->
            <<_:P/binary, Cs0/binary>> = B,
            case prefix_1(stack(Cs0, Cont), Needle) of
                nomatch ->
                    case gcx(Cs0) of
                        [_ | Cs] when is_binary(Cs) ->
                            find_bin_at(B, Cont, Needle, byte_size(B) - byte_size(Cs));
                        _ -> nomatch
                    end;
                _ -> {[Cs0 | Cont], P}
            end
    end.

lexemes([], _) -> [];
lexemes(Str, []) -> [Str];
lexemes(Str, Seps) when is_list(Seps) ->
    case is_binary(Str) of
        true -> lexemes_b(Str, Seps, []);
        false -> lexemes_l(Str, Seps, [])
    end.

lexemes_b(Bin, Seps, Acc) -> lexemes_b(Bin, Seps, 0, Acc).

lexemes_b(Bin, Seps, From, Acc) ->
    case lexeme_at(Bin, Seps, From) of
        nomatch -> lists:reverse(Acc);
        {Start, End} -> lexemes_b(Bin, Seps, End, [binary_part(Bin, Start, End - Start) | Acc])
    end.

%% The next lexeme of Bin at or after From as {Start, End}: separators are
%% skipped cluster by cluster, the lexeme ends where a separator cluster
%% starts at any code point (as OTP).
lexeme_at(Bin, Seps, From) ->
    case nonmember_at(Bin, Seps, From) of
        nomatch -> nomatch;
        Start ->
            case member_at(Bin, Seps, Start) of
                nomatch -> {Start, byte_size(Bin)};
                End -> {Start, End}
            end
    end.

lexemes_l(Str, Seps, Acc) ->
    case skip_seps(Str, Seps) of
        [] -> lists:reverse(Acc);
        Rest ->
            {Lex, Rest1} = pick(Rest, Seps, []),
            lexemes_l(sep_rest(Rest1), Seps, [Lex | Acc])
    end.

%% A reversed token: a lone binary stands for itself.
rev([B]) when is_binary(B) -> B;
rev(L) -> lists:reverse(L).

%% A token ending in binary part Part, after the reversed Acc.
btoken(Part, []) -> Part;
btoken(Part, [C]) when is_integer(C) -> <<C/utf8, Part/binary>>;
btoken(<<>>, Acc) -> lists:reverse(Acc);
btoken(Part, Acc) -> [lists:reverse(Acc), Part].

%% The separator cluster pick/3 stopped at, dropped.
sep_rest([]) -> [];
sep_rest(Str) -> tl(gcx(Str)).

skip_seps(Str, Seps) ->
    case gc(Str) of
        [G | Rest] ->
            case lists:member(G, Seps) of
                true -> skip_seps(Rest, Seps);
                false -> Str
            end;
        [] -> []
    end.

%% The code points before the first separator cluster (which may start
%% inside a cluster: separators are looked for at every code point, as
%% OTP does), and the rest from that separator.
pick([B | Cont], Seps, Acc) when is_binary(B) ->
    case member_at(B, Seps, 0) of
        nomatch -> pick(Cont, Seps, [B | Acc]);
        P ->
            <<Lex:P/binary, Rest/binary>> = B,
            {btoken(Lex, Acc), [Rest | Cont]}
    end;
pick(Str, Seps, Acc) ->
    case cp(Str) of
        [C | Cs] ->
            case starts_sep(C, Seps) of
                true ->
                    [G | Rest] = gcx(Str),
                    case lists:member(G, Seps) of
                        true -> {rev(Acc), Str};
                        false -> pick(Rest, Seps, rev_app(G, Acc))
                    end;
                false -> pick(Cs, Seps, [C | Acc])
            end;
        [] -> {rev(Acc), []};
        {error, Err} -> erlang:error({badarg, Err})
    end.

nth_lexeme(Str, 1, []) -> Str;
nth_lexeme(Str, N, Seps) when is_list(Seps), is_integer(N), N > 0 ->
    case is_binary(Str) of
        true -> nth_lexeme_b(Str, N, Seps);
        false -> nth_lexeme_l(Str, N, Seps)
    end.

nth_lexeme_b(Bin, N, Seps) -> nth_lexeme_b(Bin, N, Seps, 0).

nth_lexeme_b(Bin, N, Seps, From) ->
    case lexeme_at(Bin, Seps, From) of
        nomatch -> <<>>;
        {Start, End} when N =:= 1 -> binary_part(Bin, Start, End - Start);
        {_, End} -> nth_lexeme_b(Bin, N - 1, Seps, End)
    end.

nth_lexeme_l(Str, N, Seps) ->
    case skip_seps(Str, Seps) of
        [] -> [];
        Rest ->
            {Lex, Rest1} = pick(Rest, Seps, []),
            case N of
                1 -> Lex;
                _ -> nth_lexeme_l(sep_rest(Rest1), N - 1, Seps)
            end
    end.

%% ---- the old list API ----

len(S) -> erlang:length(S).

concat(S1, S2) -> S1 ++ S2.

chr(S, C) when is_integer(C) -> chr(S, C, 1).

chr([C | _], C, I) -> I;
chr([_ | Cs], C, I) -> chr(Cs, C, I + 1);
chr([], _, _) -> 0.

rchr(S, C) when is_integer(C) -> rchr(S, C, 1, 0).

rchr([C | Cs], C, I, _) -> rchr(Cs, C, I + 1, I);
rchr([_ | Cs], C, I, L) -> rchr(Cs, C, I + 1, L);
rchr([], _, _, L) -> L.

str(S, Sub) when is_list(Sub) -> str(S, Sub, 1).

str([C | S], [C | Sub], I) ->
    case l_prefix(Sub, S) of
        true -> I;
        false -> str(S, [C | Sub], I + 1)
    end;
str([_ | S], Sub, I) -> str(S, Sub, I + 1);
str([], _, _) -> 0.

rstr(S, Sub) when is_list(Sub) -> rstr(S, Sub, 1, 0).

rstr([C | S], [C | Sub], I, L) ->
    case l_prefix(Sub, S) of
        true -> rstr(S, [C | Sub], I + 1, I);
        false -> rstr(S, [C | Sub], I + 1, L)
    end;
rstr([_ | S], Sub, I, L) -> rstr(S, Sub, I + 1, L);
rstr([], _, _, L) -> L.

l_prefix([C | Pre], [C | S]) -> l_prefix(Pre, S);
l_prefix([], S) when is_list(S) -> true;
l_prefix(Pre, S) when is_list(Pre), is_list(S) -> false.

span(S, Cs) when is_list(Cs) -> span(S, Cs, 0).

span([C | S], Cs, I) ->
    case lists:member(C, Cs) of
        true -> span(S, Cs, I + 1);
        false -> I
    end;
span([], _, I) -> I.

cspan(S, Cs) when is_list(Cs) -> cspan(S, Cs, 0).

cspan([C | S], Cs, I) ->
    case lists:member(C, Cs) of
        true -> I;
        false -> cspan(S, Cs, I + 1)
    end;
cspan([], _, I) -> I.

substr(String, 1) when is_list(String) -> String;
substr(String, S) when is_integer(S), S > 1 -> substr_from(String, S).

substr(String, S, L) when is_integer(S), S >= 1, is_integer(L), L >= 0 ->
    substr_len(substr_from(String, S), L, []).

substr_len([C | String], L, Acc) when L > 0 -> substr_len(String, L - 1, [C | Acc]);
substr_len(String, _, Acc) when is_list(String) -> lists:reverse(Acc).

substr_from(String, 1) when is_list(String) -> String;
substr_from([_ | String], S) -> substr_from(String, S - 1).

tokens(S, Seps) ->
    case Seps of
        [] ->
            case S of
                [] -> [];
                [_ | _] -> [S]
            end;
        [_ | _] -> tokens_1(lists:reverse(S), Seps, [])
    end.

%% From the end: skipping separators, then collecting one token.
tokens_1([C | S], Seps, Toks) ->
    case lists:member(C, Seps) of
        true -> tokens_1(S, Seps, Toks);
        false -> tokens_2(S, Seps, Toks, [C])
    end;
tokens_1([], _, Toks) -> Toks.

tokens_2([C | S], Seps, Toks, Tok) ->
    case lists:member(C, Seps) of
        true -> tokens_1(S, Seps, [Tok | Toks]);
        false -> tokens_2(S, Seps, Toks, [C | Tok])
    end;
tokens_2([], _, Toks, Tok) -> [Tok | Toks].

chars(C, N) -> chars(C, N, []).

chars(C, N, Tail) when N > 0 -> chars(C, N - 1, [C | Tail]);
chars(C, 0, Tail) when is_integer(C) -> Tail.

copies(CharList, Num) when is_list(CharList), is_integer(Num), Num >= 0 ->
    copies(CharList, Num, []).

copies(_, 0, R) -> R;
copies(CharList, Num, R) -> copies(CharList, Num - 1, CharList ++ R).

words(String) -> words(String, $\s).

words(String, Char) when is_integer(Char) ->
    w_count(strip(String, both, Char), Char, 0).

w_count([], _, Num) -> Num + 1;
w_count([H | T], H, Num) -> w_count(strip(T, left, H), H, Num + 1);
w_count([_ | T], Char, Num) -> w_count(T, Char, Num).

sub_word(String, Index) -> sub_word(String, Index, $\s).

sub_word(String, Index, Char) when is_integer(Index), is_integer(Char) ->
    case words(String, Char) of
        Num when Num < Index -> [];
        _ -> s_word(strip(String, left, Char), Index, Char, 1, [])
    end.

s_word([], _, _, _, Res) -> lists:reverse(Res);
s_word([Char | _], Index, Char, Index, Res) -> lists:reverse(Res);
s_word([H | T], Index, Char, Index, Res) -> s_word(T, Index, Char, Index, [H | Res]);
s_word([Char | T], Stop, Char, Index, Res) when Index < Stop ->
    s_word(strip(T, left, Char), Stop, Char, Index + 1, Res);
s_word([_ | T], Stop, Char, Index, Res) when Index < Stop ->
    s_word(T, Stop, Char, Index, Res).

strip(String) -> strip(String, both).

strip(String, left) -> strip_left(String, $\s);
strip(String, right) -> strip_right(String, $\s);
strip(String, both) -> strip_right(strip_left(String, $\s), $\s).

strip(String, right, Char) -> strip_right(String, Char);
strip(String, left, Char) -> strip_left(String, Char);
strip(String, both, Char) -> strip_right(strip_left(String, Char), Char).

strip_left([Sc | S], Sc) -> strip_left(S, Sc);
strip_left([_ | _] = S, Sc) when is_integer(Sc) -> S;
strip_left([], Sc) when is_integer(Sc) -> [].

%% Iterative: the run of Sc not yet known to be trailing is kept aside.
strip_right(S, Sc) -> strip_right(S, Sc, [], 0).

strip_right([Sc | S], Sc, Acc, Run) -> strip_right(S, Sc, Acc, Run + 1);
strip_right([C | S], Sc, Acc, Run) -> strip_right(S, Sc, [C | pad_run(Sc, Run, Acc)], 0);
strip_right([], Sc, Acc, _) when is_integer(Sc) -> lists:reverse(Acc).

pad_run(_, 0, Acc) -> Acc;
pad_run(Sc, N, Acc) -> pad_run(Sc, N - 1, [Sc | Acc]).

left(String, Len) when is_integer(Len) -> left(String, Len, $\s).

left(String, Len, Char) when is_integer(Char) ->
    Slen = erlang:length(String),
    if
        Slen > Len -> substr(String, 1, Len);
        Slen < Len -> String ++ chars(Char, Len - Slen);
        Slen =:= Len -> String
    end.

right(String, Len) when is_integer(Len) -> right(String, Len, $\s).

right(String, Len, Char) when is_integer(Char) ->
    Slen = erlang:length(String),
    if
        Slen > Len -> substr(String, Slen - Len + 1);
        Slen < Len -> chars(Char, Len - Slen, String);
        Slen =:= Len -> String
    end.

centre(String, Len) when is_integer(Len) -> centre(String, Len, $\s).

centre(String, 0, Char) when is_list(String), is_integer(Char) -> [];
centre(String, Len, Char) when is_integer(Char) ->
    Slen = erlang:length(String),
    if
        Slen > Len -> substr(String, (Slen - Len) div 2 + 1, Len);
        Slen < Len ->
            N = (Len - Slen) div 2,
            chars(Char, N, String ++ chars(Char, Len - (Slen + N)));
        Slen =:= Len -> String
    end.

sub_string(String, Start) -> substr(String, Start).

sub_string(String, Start, Stop) -> substr(String, Start, Stop - Start + 1).

to_lower(S) when is_list(S) -> [lower_char(C) || C <- S];
to_lower(C) when is_integer(C) -> lower_char(C).

to_upper(S) when is_list(S) -> [upper_char(C) || C <- S];
to_upper(C) when is_integer(C) -> upper_char(C).

lower_char(C) when is_integer(C), $A =< C, C =< $Z -> C + 32;
lower_char(C) when is_integer(C), 16#C0 =< C, C =< 16#D6 -> C + 32;
lower_char(C) when is_integer(C), 16#D8 =< C, C =< 16#DE -> C + 32;
lower_char(C) -> C.

upper_char(C) when is_integer(C), $a =< C, C =< $z -> C - 32;
upper_char(C) when is_integer(C), 16#E0 =< C, C =< 16#F6 -> C - 32;
upper_char(C) when is_integer(C), 16#F8 =< C, C =< 16#FE -> C - 32;
upper_char(C) -> C.

join([], Sep) when is_list(Sep) -> [];
join([H | T], Sep) -> H ++ lists:append([Sep ++ X || X <- T]).
