%% lib/io_lib.erl — OTP 25's io_lib:format/fwrite (every control sequence)
%% and the small printing helpers, for Hyperlang (docs/io.md).
%% The format string is parsed and each directive laid out here, in
%% preemptible Erlang, into the deep list OTP returns: the format's own
%% characters and the text of the small directives one character per
%% element, each ~w ~W ~p ~P and ~s (of a non-atom) one element holding
%% its own deep list (io_lib:write's nesting for ~w, the argument's nesting
%% for ~s, OTP's padding pieces). ~w's structure is built here; atoms and
%% funs are printed by the C builtin erlang:hl_format_w/2, and ~p by
%% erlang:hl_format_p/6, which prints at most 64 Ki nodes per call and
%% answers `false` for anything bigger; its text is given io_lib_pretty's
%% nesting here (pshape, docs/io.md). Written for
%% Hyperlang from OTP's documented behaviour and observed results (checked
%% against erl by tests/conformance/io_*.erl), not copied.
-module(io_lib).
-export([format/2, fwrite/2, write/1, write/2, print/1, nl/0,
         char_list/1, deep_char_list/1, printable_list/1,
         printable_latin1_list/1, printable_unicode_list/1,
         write_atom/1]).

%% ---- public helpers ----------------------------------------------------

fwrite(Format, Args) -> format(Format, Args).

%% As OTP, any failure inside (a bad directive, a wrong argument, too few
%% or too many arguments) is error:badarg.
format(Format, Args) ->
    try build(fmt_chars(Format), Args, [], 0, []) of
        error -> erlang:error(badarg, [Format, Args]);
        Out -> Out
    catch
        error:_ -> erlang:error(badarg, [Format, Args])
    end.

write(Term) -> w1(Term, -1, false).

write(_Term, 0) -> "...";
write(Term, Depth) when is_integer(Depth) -> w1(Term, Depth, false);
write(Term, Depth) -> erlang:error(badarg, [Term, Depth]).

print(Term) -> pshape(ptext(Term, 1, 80, false, true), Term, -1, false, true, 1).

nl() -> "\n".

write_atom(A) when is_atom(A) -> erlang:hl_format_w(A, true);
write_atom(A) -> erlang:error(function_clause, [A]).

char_list([C | Cs]) when is_integer(C), C >= 0, C < 16#D800;
                         is_integer(C), C > 16#DFFF, C < 16#FFFE;
                         is_integer(C), C > 16#FFFF, C =< 16#10FFFF ->
    char_list(Cs);
char_list([]) -> true;
char_list(_) -> false.

deep_char_list(Cs) -> deep_char_list(Cs, []).
deep_char_list([C | Cs], More) when is_list(C) -> deep_char_list(C, [Cs | More]);
deep_char_list([C | Cs], More) when is_integer(C), C >= 0, C < 16#D800;
                                    is_integer(C), C > 16#DFFF, C < 16#FFFE;
                                    is_integer(C), C > 16#FFFF, C =< 16#10FFFF ->
    deep_char_list(Cs, More);
deep_char_list([], [Cs | More]) -> deep_char_list(Cs, More);
deep_char_list([], []) -> true;
deep_char_list(_, _) -> false.

printable_list(L) -> printable_latin1_list(L).

printable_latin1_list([C | Cs]) when is_integer(C), C >= $\s, C =< $~ -> printable_latin1_list(Cs);
printable_latin1_list([C | Cs]) when is_integer(C), C >= 16#A0, C =< 16#FF -> printable_latin1_list(Cs);
printable_latin1_list([C | Cs]) when C =:= $\n; C =:= $\r; C =:= $\t; C =:= $\v;
                                     C =:= $\b; C =:= $\f; C =:= $\e ->
    printable_latin1_list(Cs);
printable_latin1_list([]) -> true;
printable_latin1_list(_) -> false.

printable_unicode_list([C | Cs]) when is_integer(C), C >= $\s, C =< $~ -> printable_unicode_list(Cs);
printable_unicode_list([C | Cs]) when is_integer(C), C >= 16#A0, C < 16#D800;
                                      is_integer(C), C > 16#DFFF, C < 16#FFFE;
                                      is_integer(C), C > 16#FFFF, C =< 16#10FFFF ->
    printable_unicode_list(Cs);
printable_unicode_list([C | Cs]) when C =:= $\n; C =:= $\r; C =:= $\t; C =:= $\v;
                                      C =:= $\b; C =:= $\f; C =:= $\e ->
    printable_unicode_list(Cs);
printable_unicode_list([]) -> true;
printable_unicode_list(_) -> false.

%% ---- the format string ---------------------------------------------------

%% A format is an atom, a flat list of characters or a UTF-8 binary.
fmt_chars(F) when is_atom(F) -> erlang:atom_to_list(F);
fmt_chars(F) when is_binary(F) -> erlang:binary_to_list(F);
fmt_chars(F) when is_list(F) ->
    case flat_ints(F) of
        true -> F;
        false -> error
    end;
fmt_chars(_) -> error.

flat_ints([C | Cs]) when is_integer(C), C >= 0 -> flat_ints(Cs);
flat_ints([]) -> true;
flat_ints(_) -> false.

utf8_to_list(<<C/utf8, R/binary>>, Acc) -> utf8_to_list(R, [C | Acc]);
utf8_to_list(<<>>, Acc) -> lists:reverse(Acc);
utf8_to_list(_, _) -> error.

%% build(Chars, Args, Out, Col, Pend): the output, or error (badarg).
%% Out is the result in reverse: a character per element for the format's
%% own characters and the small directives, one element per big directive
%% (~w ~W ~p ~P, ~s of a non-atom). The column is only needed by ~p/~P, so
%% it is kept lazily: Col is the column after the pieces not in Pend (the
%% newest pieces, reversed).
build([$~ | Cs], Args, Out, Col0, Pend0) ->
    case directive(Cs, Args) of
        error -> error;
        {Ctl, As, F, Adj, P, Pad, Enc, Str, Cs1, Args1} ->
            {Col, Pend} = case Ctl =:= $p orelse Ctl =:= $P of
                              true -> {settle(lists:reverse(Pend0), Col0), []};
                              false -> {Col0, Pend0}
                          end,
            case control(Ctl, As, F, Adj, P, Pad, Enc, Str, Col) of
                error -> error;
                false -> error;
                {done, Seg} -> build(Cs1, Args1, [Seg | Out], Col, [Seg | Pend]);
                Seg ->
                    case big(Ctl, As) of
                        true -> build(Cs1, Args1, [Seg | Out], Col, [Seg | Pend]);
                        false ->
                            Chars = flat(Seg),
                            build(Cs1, Args1, lists:reverse(Chars, Out), Col, [Chars | Pend])
                    end
            end
    end;
build([C | Cs], Args, Out, Col, Pend) ->
    {Run, Rest} = plain(Cs, [C]),
    build(Rest, Args, lists:reverse(Run, Out), Col, [Run | Pend]);
build([], [], Out, _Col, _Pend) -> lists:reverse(Out);
build(_, _, _, _, _) -> error.

%% OTP lays out these directives after the others, each as one element of
%% the result; the others' characters are spliced in flat.
big(C, _) when C =:= $w; C =:= $W; C =:= $p; C =:= $P -> true;
big($s, [A]) -> not is_atom(A);
big(_, _) -> false.

plain([C | Cs], Run) when C =/= $~ -> plain(Cs, [C | Run]);
plain(Cs, Run) -> {lists:reverse(Run), Cs}.

settle([Seg | Segs], Col) -> settle(Segs, columns(flat(Seg), Col));
settle([], Col) -> Col.

columns([C | Cs], Col) -> columns(Cs, column(C, Col));
columns([], Col) -> Col.

%% Pushes the characters of a deep list onto Rev (no deep recursion).
push([H | T], Stack, Rev) when is_list(H) -> push(H, [T | Stack], Rev);
push([C | T], Stack, Rev) -> push(T, Stack, [C | Rev]);
push([], [T | Stack], Rev) -> push(T, Stack, Rev);
push([], [], Rev) -> Rev.

%% The column after character C (io_lib_format's indentation: a tab moves
%% to the next multiple of 8).
column($\n, _) -> 0;
column($\t, Col) -> 8 * ((Col + 8) div 8);
column(_, Col) -> Col + 1.

flat(Deep) -> lists:reverse(push(Deep, [], [])).

%% The number of characters in a deep list.
flen(L) -> flen(L, [], 0).
flen([H | T], Stack, N) when is_list(H) -> flen(H, [T | Stack], N);
flen([_ | T], Stack, N) -> flen(T, Stack, N + 1);
flen([], [T | Stack], N) -> flen(T, Stack, N);
flen([], [], N) -> N.

directive(Cs0, Args0) ->
    case field_width(Cs0, Args0) of
        error -> error;
        {F, Adj, Cs1, Args1} ->
            case field_value(precision(Cs1), Args1) of
                error -> error;
                {P, Cs2, Args2} ->
                    case pad_char(Cs2, Args2) of
                        error -> error;
                        {Pad, Cs3, Args3} ->
                            {Enc, Str, Cs4} = modifiers(Cs3, latin1, true),
                            control_args(Cs4, Args3, F, Adj, P, Pad, Enc, Str)
                    end
            end
    end.

field_width([$- | Cs], Args) ->
    case field_value(Cs, Args) of
        {F, Cs1, Args1} when is_integer(F) -> adj(-F, Cs1, Args1);
        _ -> error
    end;
field_width(Cs, Args) ->
    case field_value(Cs, Args) of
        {none, Cs1, Args1} -> {none, right, Cs1, Args1};
        {F, Cs1, Args1} -> adj(F, Cs1, Args1);
        error -> error
    end.

adj(F, Cs, Args) when F < 0 -> {-F, left, Cs, Args};
adj(F, Cs, Args) -> {F, right, Cs, Args}.

precision([$. | Cs]) -> Cs;
precision(Cs) -> {none, Cs}.

field_value({none, Cs}, Args) -> {none, Cs, Args};
field_value([$* | Cs], [A | Args]) when is_integer(A) -> {A, Cs, Args};
field_value([$* | _], _) -> error;
field_value([C | Cs], Args) when C >= $0, C =< $9 -> digits(Cs, C - $0, Args);
field_value(Cs, Args) -> {none, Cs, Args}.

digits([C | Cs], N, Args) when C >= $0, C =< $9 -> digits(Cs, 10 * N + C - $0, Args);
digits(Cs, N, Args) -> {N, Cs, Args}.

pad_char([$., $* | Cs], [Pad | Args]) -> {Pad, Cs, Args};
pad_char([$., $* | _], []) -> error;
pad_char([$., Pad | Cs], Args) -> {Pad, Cs, Args};
pad_char(Cs, Args) -> {$\s, Cs, Args}.

modifiers([$t | Cs], _Enc, Str) -> modifiers(Cs, unicode, Str);
modifiers([$l | Cs], Enc, _Str) -> modifiers(Cs, Enc, false);
modifiers(Cs, Enc, Str) -> {Enc, Str, Cs}.

control_args([C | Cs], Args, F, Adj, P, Pad, Enc, Str) ->
    case nargs(C) of
        error -> error;
        N ->
            case take(N, Args, []) of
                error -> error;
                {As, Args1} -> {C, As, F, Adj, P, Pad, Enc, Str, Cs, Args1}
            end
    end;
control_args([], _, _, _, _, _, _, _) -> error.

nargs(C) when C =:= $w; C =:= $p; C =:= $s; C =:= $c; C =:= $e; C =:= $f; C =:= $g;
              C =:= $b; C =:= $B; C =:= $#; C =:= $+; C =:= $i ->
    1;
nargs(C) when C =:= $W; C =:= $P; C =:= $x; C =:= $X -> 2;
nargs(C) when C =:= $n; C =:= $~ -> 0;
nargs(_) -> error.

take(0, Args, As) -> {lists:reverse(As), Args};
take(N, [A | Args], As) -> take(N - 1, Args, [A | As]);
take(_, _, _) -> error.

%% ---- the control sequences -------------------------------------------------

control($w, [A], F, Adj, P, Pad, Enc, _Str, _Col) ->
    term(w1(A, -1, Enc =:= unicode), F, Adj, P, Pad);
control($W, [_A, 0], F, Adj, P, Pad, _Enc, _Str, _Col) -> term("...", F, Adj, P, Pad);
control($W, [A, D], F, Adj, P, Pad, Enc, _Str, _Col) when is_integer(D) ->
    term(w1(A, D, Enc =:= unicode), F, Adj, P, Pad);
control($p, [A], F, Adj, P, _Pad, Enc, Str, Col) ->
    print(A, -1, F, Adj, P, Enc, Str, Col);
control($P, [A, D], F, Adj, P, _Pad, Enc, Str, Col) when is_integer(D) ->
    print(A, D, F, Adj, P, Enc, Str, Col);
control($s, [A], F, Adj, P, Pad, Enc, _Str, _Col) ->
    case chars_of(A, Enc) of
        error -> error;
        S -> string(S, F, Adj, P, Pad, Enc)
    end;
control($c, [A], F, Adj, P, Pad, Enc, _Str, _Col) when is_integer(A) ->
    C = case Enc of
            unicode -> A;
            latin1 -> A band 255
        end,
    char(C, F, Adj, P, Pad);
control($e, [A], F, Adj, P, Pad, _Enc, _Str, _Col) when is_float(A) -> fwrite_e(A, F, Adj, P, Pad);
control($f, [A], F, Adj, P, Pad, _Enc, _Str, _Col) when is_float(A) -> fwrite_f(A, F, Adj, P, Pad);
control($g, [A], F, Adj, P, Pad, _Enc, _Str, _Col) when is_float(A) -> fwrite_g(A, F, Adj, P, Pad);
control($b, [A], F, Adj, P, Pad, _Enc, _Str, _Col) when is_integer(A) ->
    unprefixed(A, F, Adj, base(P), Pad, true);
control($B, [A], F, Adj, P, Pad, _Enc, _Str, _Col) when is_integer(A) ->
    unprefixed(A, F, Adj, base(P), Pad, false);
control($x, [A, Prefix], F, Adj, P, Pad, _Enc, _Str, _Col) when is_integer(A), is_atom(Prefix) ->
    prefixed(A, F, Adj, base(P), Pad, erlang:atom_to_list(Prefix), true);
control($x, [A, Prefix], F, Adj, P, Pad, _Enc, _Str, _Col) when is_integer(A) ->
    prefix_ok(Prefix) andalso prefixed(A, F, Adj, base(P), Pad, Prefix, true);
control($X, [A, Prefix], F, Adj, P, Pad, _Enc, _Str, _Col) when is_integer(A), is_atom(Prefix) ->
    prefixed(A, F, Adj, base(P), Pad, erlang:atom_to_list(Prefix), false);
control($X, [A, Prefix], F, Adj, P, Pad, _Enc, _Str, _Col) when is_integer(A) ->
    prefix_ok(Prefix) andalso prefixed(A, F, Adj, base(P), Pad, Prefix, false);
control($#, [A], F, Adj, P, Pad, _Enc, _Str, _Col) when is_integer(A) ->
    B = base(P),
    is_integer(B) andalso prefixed(A, F, Adj, B, Pad, erlang:integer_to_list(B) ++ "#", false);
control($+, [A], F, Adj, P, Pad, _Enc, _Str, _Col) when is_integer(A) ->
    B = base(P),
    is_integer(B) andalso prefixed(A, F, Adj, B, Pad, erlang:integer_to_list(B) ++ "#", true);
control($i, [_], _F, _Adj, _P, _Pad, _Enc, _Str, _Col) -> [];
control($n, [], none, _Adj, _P, _Pad, _Enc, _Str, _Col) -> "\n";
control($n, [], F, right, _P, _Pad, _Enc, _Str, _Col) -> chars($\n, F);
control($~, [], F, Adj, P, Pad, _Enc, _Str, _Col) -> char($~, F, Adj, P, Pad);
control(_, _, _, _, _, _, _, _, _) -> error.

base(none) -> 10;
base(B) when is_integer(B), B >= 2, B =< 36 -> B;
base(_) -> error.

prefix_ok(P) -> deep_char_list(P).

%% Results of the helpers below are deep lists shaped as OTP's (big
%% directives keep them, build/5 flattens the others); `false` or `error`
%% from a guard-like check means badarg.

term(_T, _F, _Adj, _P, Pad) when not is_integer(Pad) -> error;
term(T, none, _Adj, none, _Pad) -> T;
term(T, none, Adj, P, Pad) -> term(T, P, Adj, P, Pad);
term(T, F, Adj, P0, Pad) when is_integer(F), F >= 0 ->
    L = chars_length(T),
    P = erlang:min(L, case P0 of
                           none -> F;
                           _ when is_integer(P0) -> erlang:min(P0, F)
                       end),
    if
        L > P -> adjust(chars($*, P), chars(Pad, F - P), Adj);
        F >= P -> adjust(T, chars(Pad, F - L), Adj)
    end;
term(_, _, _, _, _) -> error.

adjust(Data, [], _) -> Data;
adjust(Data, Pad, left) -> [Data | Pad];
adjust(Data, Pad, right) -> [Pad | Data].

%% N copies of C as OTP nests them: halves shared, an odd one in front.
chars(_C, 0) -> [];
chars(C, 1) -> [C];
chars(C, 2) -> [C, C];
chars(C, 3) -> [C, C, C];
chars(C, N) when is_integer(N), N > 3 ->
    Half = chars(C, N bsr 1),
    case N band 1 of
        0 -> [Half | Half];
        1 -> [C, Half | Half]
    end.

%% Characters in a deep list: bytes counted as such, else grapheme
%% clusters (io_lib:chars_length/1).
chars_length(S) ->
    Flat = flat(S),
    case latin1_flat(Flat, 0) of
        false -> string:length(Flat);
        N -> N
    end.

latin1_flat([C | Cs], N) when is_integer(C), C >= 0, C =< 255 -> latin1_flat(Cs, N + 1);
latin1_flat([], N) -> N;
latin1_flat(_, _) -> false.

%% The first N characters, flat (latin1: elements; unicode: graphemes).
flat_trunc(S, N, latin1) -> lists:sublist(flat(S), N);
flat_trunc(S, N, unicode) -> flat(string:slice(flat(S), 0, N)).

string(S, none, _Adj, none, _Pad, _Enc) -> S;
string(S, F, Adj, none, Pad, Enc) when is_integer(F) -> string_field(S, F, Adj, chars_length(S), Pad, Enc);
string(S, none, _Adj, P, Pad, Enc) when is_integer(P) -> string_field(S, P, left, chars_length(S), Pad, Enc);
string(S, F, Adj, P, Pad, Enc) when is_integer(F), is_integer(P), F > P ->
    N = chars_length(S),
    if
        N > P -> adjust(flat_trunc(S, P, Enc), chars(Pad, F - P), Adj);
        N < P -> adjust([S | chars(Pad, P - N)], chars(Pad, F - P), Adj);
        true -> adjust(S, chars(Pad, F - P), Adj)
    end;
string(S, F, Adj, F, Pad, Enc) when is_integer(F) -> string_field(S, F, Adj, chars_length(S), Pad, Enc);
string(_, _, _, _, _, _) -> error.

string_field(S, F, _Adj, N, _Pad, Enc) when N > F -> flat_trunc(S, F, Enc);
string_field(S, F, Adj, N, Pad, _Enc) when N < F -> adjust(S, chars(Pad, F - N), Adj);
string_field(S, _, _, _, _, _) -> S.

char(C, none, _Adj, none, _Pad) -> [C];
char(C, F, _Adj, none, _Pad) when is_integer(F) -> chars(C, F);
char(C, none, _Adj, P, _Pad) when is_integer(P) -> chars(C, P);
char(C, F, Adj, P, Pad) when is_integer(F), is_integer(P), F >= P -> adjust(chars(C, P), chars(Pad, F - P), Adj);
char(_, _, _, _, _) -> error.

%% ~s's argument as characters, nested as the argument is (binaries become
%% lists): an atom, or a deep list of characters and binaries (latin1:
%% characters 0..255, binaries as bytes; unicode: any characters, binaries
%% as UTF-8 when valid, else as bytes). A binary may also be a tail.
%% Each level is built tail recursively; only nesting recurses.
chars_of(A, _Enc) when is_atom(A) -> erlang:atom_to_list(A);
chars_of(L, Enc) when is_list(L); is_binary(L) ->
    try cdata(L, Enc, []) catch throw:bad_chars -> error end;
chars_of(_, _) -> error.

cdata([C | Cs], latin1, Acc) when is_integer(C), C >= 0, C =< 255 -> cdata(Cs, latin1, [C | Acc]);
cdata([C | Cs], unicode, Acc) when is_integer(C), C >= 0 -> cdata(Cs, unicode, [C | Acc]);
cdata([L | Cs], Enc, Acc) when is_list(L); is_binary(L) -> cdata(Cs, Enc, [cdata(L, Enc, []) | Acc]);
cdata([], _Enc, Acc) -> lists:reverse(Acc);
cdata(B, Enc, Acc) when is_binary(B) -> lists:reverse(Acc, bin_chars(B, Enc));
cdata(_, _, _) -> erlang:throw(bad_chars).

bin_chars(B, latin1) -> erlang:binary_to_list(B);
bin_chars(B, unicode) ->
    case utf8_to_list(B, []) of
        error -> erlang:binary_to_list(B);
        L -> L
    end.

%% ~b ~B ~x ~X ~# ~+ (the precision is the base).
unprefixed(_A, _F, _Adj, error, _Pad, _Lower) -> error;
unprefixed(A, F, Adj, Base, Pad, Lower) ->
    term(case_of(erlang:integer_to_list(A, Base), Lower), F, Adj, none, Pad).

prefixed(_A, _F, _Adj, error, _Pad, _Prefix, _Lower) -> error;
prefixed(A, F, Adj, Base, Pad, Prefix, Lower) when A < 0 ->
    term([$-, Prefix | case_of(erlang:integer_to_list(-A, Base), Lower)], F, Adj, none, Pad);
prefixed(A, F, Adj, Base, Pad, Prefix, Lower) ->
    term([Prefix | case_of(erlang:integer_to_list(A, Base), Lower)], F, Adj, none, Pad).

case_of(Ds, false) -> Ds;
case_of(Ds, true) -> [lower(D) || D <- Ds].

lower(D) when D >= $A, D =< $Z -> D + 32;
lower(D) -> D.

%% ---- floats: ~e ~f ~g from float_to_list/1's 21 significant digits ------

fwrite_e(Fl, F, Adj, none, Pad) -> fwrite_e(Fl, F, Adj, 6, Pad);
fwrite_e(Fl, F, Adj, P, Pad) when is_integer(P), P >= 2 -> term(float_e(Fl, P), F, Adj, F, Pad);
fwrite_e(_, _, _, _, _) -> error.

fwrite_f(Fl, F, Adj, none, Pad) -> fwrite_f(Fl, F, Adj, 6, Pad);
fwrite_f(Fl, F, Adj, P, Pad) when is_integer(P), P >= 1 -> term(float_f(Fl, P), F, Adj, F, Pad);
fwrite_f(_, _, _, _, _) -> error.

fwrite_g(Fl, F, Adj, none, Pad) -> fwrite_g(Fl, F, Adj, 6, Pad);
fwrite_g(Fl, F, Adj, P, Pad) when is_integer(P), P >= 1 ->
    A = erlang:abs(Fl),
    E = if
            A < 1.0e-1 -> -2;
            A < 1.0e0 -> -1;
            A < 1.0e1 -> 0;
            A < 1.0e2 -> 1;
            A < 1.0e3 -> 2;
            A < 1.0e4 -> 3;
            true -> big
        end,
    if
        E =:= big -> fwrite_e_or(Fl, F, Adj, P, Pad);
        P =< 1, E =:= -1 -> fwrite_f(Fl, F, Adj, P - 1 - E, Pad);
        P - 1 > E, E >= -1 -> fwrite_f(Fl, F, Adj, P - 1 - E, Pad);
        true -> fwrite_e_or(Fl, F, Adj, P, Pad)
    end;
fwrite_g(_, _, _, _, _) -> error.

fwrite_e_or(Fl, F, Adj, P, Pad) when P =< 1 -> fwrite_e(Fl, F, Adj, 2, Pad);
fwrite_e_or(Fl, F, Adj, P, Pad) -> fwrite_e(Fl, F, Adj, P, Pad).

%% {Negative, Digits, E}: the value is 0.D1D2... * 10^E.
float_data(Fl) ->
    case erlang:float_to_list(Fl) of
        [$- | Cs] -> {true, mantissa(Cs, []), exponent(Cs)};
        Cs -> {false, mantissa(Cs, []), exponent(Cs)}
    end.

mantissa([$e | _], Ds) -> lists:reverse(Ds);
mantissa([$. | Cs], Ds) -> mantissa(Cs, Ds);
mantissa([D | Cs], Ds) -> mantissa(Cs, [D | Ds]).

exponent([$e | Cs]) -> erlang:list_to_integer(Cs) + 1;
exponent([_ | Cs]) -> exponent(Cs).

sign(true, Cs) -> [$- | Cs];
sign(false, Cs) -> Cs.

float_e(Fl, P) ->
    {Neg, Ds, E} = float_data(Fl),
    case round_digits(Ds, P) of
        {carry, Fs} -> sign(Neg, [point(lists:sublist(Fs, P), 1) | float_exp(E)]);
        {ok, Fs} -> sign(Neg, [point(Fs, 1) | float_exp(E - 1)])
    end.

float_exp(E) when E >= 0 -> [$e, $+ | erlang:integer_to_list(E)];
float_exp(E) -> [$e | erlang:integer_to_list(E)].

float_f(Fl, P) ->
    {Neg, Ds0, E0} = float_data(Fl),
    {Ds, E} = if
                  E0 =< 0 -> {lists:duplicate(1 - E0, $0) ++ Ds0, 1};
                  true -> {Ds0, E0}
              end,
    case round_digits(Ds, E + P) of
        {carry, Fs} -> sign(Neg, point(Fs, E + 1));
        {ok, Fs} -> sign(Neg, point(Fs, E))
    end.

%% The first N digits of Ds rounded half up on the next one (zeros past the
%% end): {ok, Digits} or {carry, Digits} when it rounded up to 1000...
%% (Digits then has N + 1 digits).
round_digits(Ds, N) ->
    {Head, Next} = split_digits(Ds, N, []),
    case Next >= $5 of
        false -> {ok, Head};
        true ->
            case increment(lists:reverse(Head), []) of
                {carry, Fs} -> {carry, [$1 | Fs]};
                {ok, Fs} -> {ok, Fs}
            end
    end.

split_digits(Ds, 0, Acc) ->
    Next = case Ds of
               [D | _] -> D;
               [] -> $0
           end,
    {lists:reverse(Acc), Next};
split_digits([D | Ds], N, Acc) -> split_digits(Ds, N - 1, [D | Acc]);
split_digits([], N, Acc) -> split_digits([], N - 1, [$0 | Acc]).

%% Adds one to the reversed digits.
increment([$9 | Rs], Acc) -> increment(Rs, [$0 | Acc]);
increment([D | Rs], Acc) -> {ok, lists:reverse(Rs, [D + 1 | Acc])};
increment([], Acc) -> {carry, Acc}.

%% Digits with a point after the first I.
point(Ds, I) ->
    {Int, Frac} = lists:split(I, Ds),
    Int ++ [$. | Frac].

%% ---- ~w ~W ~p ~P ------------------------------------------------------------

%% io_lib:write/2's text of T at depth D (negative: no limit) as OTP nests
%% it: a list is [$[, [W1, $,, W2, ... | Tail], $]] (Tail [] or [$|, W] or
%% "|..."), a tuple [${, [W1, $,, W2 ...], $}], a map [$#, ${, [Pair, $,,
%% ...], $}] with Pair = [WK, " => ", WV], a bitstring [$<, $<, [B1, $,,
%% ... ], $>, $>]; numbers, atoms, [] {} #{} and cut-offs are flat.
%% Sequences are built tail recursively; only nesting recurses.
w1(_T, 0, _Uni) -> "...";
w1(T, _D, _Uni) when is_integer(T) -> erlang:integer_to_list(T);
w1(T, _D, _Uni) when is_float(T) -> erlang:float_to_list(T, [short]);
w1([], _D, _Uni) -> "[]";
w1({}, _D, _Uni) -> "{}";
w1([_ | _], 1, _Uni) -> "[...]";
w1([H | T], D, Uni) -> [$[, wseq(T, D - 1, Uni, [w1(H, D - 1, Uni)]), $]];
w1(T, 1, _Uni) when is_tuple(T) -> "{...}";
w1(T, D, Uni) when is_tuple(T) ->
    [${, welems(T, 2, erlang:tuple_size(T), D - 1, Uni, [w1(erlang:element(1, T), D - 1, Uni)]), $}];
w1(M, D, Uni) when is_map(M) -> wmap(M, D, Uni);
w1(B, D, _Uni) when is_bitstring(B) -> [$<, $<, lists:reverse(wbytes(B, D, [])), $>, $>];
w1(T, _D, Uni) ->
    case erlang:hl_format_w(T, Uni) of
        false -> erlang:error(system_limit, [T]);
        Cs -> Cs
    end.

%% The rest of a list after an element printed at depth D.
wseq([], _D, _Uni, Acc) -> lists:reverse(Acc);
wseq(_, 1, _Uni, Acc) -> lists:reverse(Acc, "|...");
wseq([H | T], D, Uni, Acc) -> wseq(T, D - 1, Uni, [w1(H, D - 1, Uni), $, | Acc]);
wseq(Tail, D, Uni, Acc) -> lists:reverse(Acc, [$|, w1(Tail, D - 1, Uni)]).

welems(_T, I, N, _D, _Uni, Acc) when I > N -> lists:reverse(Acc);
welems(_T, _I, _N, 1, _Uni, Acc) -> lists:reverse(Acc, ",...");
welems(T, I, N, D, Uni, Acc) ->
    welems(T, I + 1, N, D - 1, Uni, [w1(erlang:element(I, T), D - 1, Uni), $, | Acc]).

%% (OTP 25 prints any map at depth 1 as #{}, every pair at depth D - 1,
%% and ",..." once the pair count reaches the depth, even at the end)
wmap(_M, 1, _Uni) -> "#{}";
wmap(M, D, Uni) ->
    case map_pairs(M) of
        [] -> "#{}";
        [{K, V} | Ps] ->
            D0 = D - 1,
            [$#, ${, wpairs(Ps, D0, D0, Uni, [wpair(K, V, D0, Uni)]), $}]
    end.

wpair(K, V, D, Uni) -> [w1(K, D, Uni), " => ", w1(V, D, Uni)].

wpairs(_, 1, _D0, _Uni, Acc) -> lists:reverse(Acc, ",...");
wpairs([], _N, _D0, _Uni, Acc) -> lists:reverse(Acc);
wpairs([{K, V} | Ps], N, D0, Uni, Acc) -> wpairs(Ps, N - 1, D0, Uni, [wpair(K, V, D0, Uni), $, | Acc]).

%% A bitstring's elements, reversed: "1", $,, "2", ... then "X:Bits" for
%% a last partial byte, or "..." where the depth runs out.
wbytes(<<>>, _D, Acc) -> Acc;
wbytes(_, 1, Acc) -> ["..." | Acc];
wbytes(<<X:8>>, _D, Acc) -> [erlang:integer_to_list(X) | Acc];
wbytes(<<X:8, R/bitstring>>, D, Acc) -> wbytes(R, D - 1, [$,, erlang:integer_to_list(X) | Acc]);
wbytes(R, _D, Acc) ->
    N = erlang:bit_size(R),
    <<V:N>> = R,
    [erlang:integer_to_list(N), $:, erlang:integer_to_list(V) | Acc].

%% A map's pairs in the order ~w and ~p show them (at most 65,536 pairs:
%% system_limit beyond).
map_pairs(M) -> erlang:hl_map_io_pairs(M).

%% ~p / ~P: io_lib_pretty:print(T, [{column, P}, {line_length, F},
%% {depth, D}, {encoding, Enc}, {strings, Str}]); only right adjustment.
print(_A, _D, _F, left, _P, _Enc, _Str, _Col) -> error;
print(A, D, none, Adj, P, Enc, Str, Col) -> print(A, D, 80, Adj, P, Enc, Str, Col);
print(A, D, F, Adj, none, Enc, Str, Col) -> print(A, D, F, Adj, Col + 1, Enc, Str, Col);
print(_A, 0, F, right, P, _Enc, _Str, _Col) when is_integer(F), is_integer(P) -> "...";
print(A, D, F, right, P, Enc, Str, _Col) when is_integer(F), is_integer(P) ->
    Uni = Enc =:= unicode,
    {done, pshape(ptext(A, P, F, Uni, Str, erlang:max(D, -1)), A, erlang:max(D, -1), Uni, Str, P)};
print(_, _, _, _, _, _, _, _) -> error.

%% ~p text on one line has io_lib_pretty's one-line nesting: io_lib:write's
%% but for strings (flat), binaries (<<"..">> as [$<, $<, Text, $>, $>]),
%% an improper tail spliced after $|, and the depth cut-offs [$[, "...",
%% $]], "{...}", "#{...}", "<<...>>". A layout over several lines nests as
%% io_lib_pretty's pp: the same, with [$,, $\n, Ind, Elem] where a line
%% breaks, Ind the container's indentation as io_lib_pretty nests it, and
%% a map pair broken after " =>\n". The nesting is rebuilt here following
%% the printer's text, and kept only when its characters are that text
%% (else the flat text is the result; docs/io.md). The walk is Erlang work
%% per character, so it is charged like any other guest code whatever the
%% text's length (it used to stop at 8,192 characters and leave longer
%% texts flat, where OTP nests them).
pshape(Text, T, D, Uni, Str, Col) ->
    case lists:member($\n, Text) of
        true ->
            pshape_lines(Text, T, D, {Uni, Str}, Col, [-1, 4, 1]);
        false ->
            try pw(T, D, Uni, Str) of
                S ->
                    case same_text(S, Text) of
                        true -> S;
                        false -> Text
                    end
            catch
                throw:no_shape -> Text
            end
    end.

%% The tagged-tuple indentation io_lib_pretty chose is not in the text
%% where no line breaks inside a tagged tuple: each candidate is tried.
pshape_lines(Text, _T, _D, _Ctx, _Col, []) -> Text;
pshape_lines(Text, T, D, Ctx, Col, [TInd | More]) ->
    try pp_shape(T, D, Text, pind(erlang:max(Col, 1) - 1), {Ctx, TInd}) of
        {S, []} ->
            case same_text(S, Text) of
                true -> S;
                false -> pshape_lines(Text, T, D, Ctx, Col, More)
            end;
        _ -> pshape_lines(Text, T, D, Ctx, Col, More)
    catch
        throw:no_shape -> pshape_lines(Text, T, D, Ctx, Col, More)
    end.

%% io_lib_pretty's spaces: like chars/2 but one space is [$\s, []].
pind(0) -> [];
pind(2) -> [$\s, $\s];
pind(3) -> [$\s, $\s, $\s];
pind(N) ->
    Half = pind(N bsr 1),
    case N band 1 of
        0 -> [Half | Half];
        1 -> [$\s, Half | Half]
    end.

%% N more spaces of indentation in front of Ind.
pindent(1, Ind) -> [$\s | Ind];
pindent(4, Ind) -> [[$\s, $\s], [$\s, $\s] | Ind];
pindent(N, Ind) -> [pind(N) | Ind].

%% The text must start with Prefix: the rest.
expect([C | Cs], [C | Text]) -> expect(Cs, Text);
expect([], Text) -> Text;
expect(_, _) -> erlang:throw(no_shape).

%% Whether the characters of deep list S are Text.
same_text(S, Text) ->
    try expect_deep(S, [], Text) of
        Rest -> Rest =:= []
    catch
        throw:no_shape -> false
    end.

%% The same for the characters of a deep list, without flattening it.
expect_deep([H | T], Stack, Text) when is_list(H) -> expect_deep(H, [T | Stack], Text);
expect_deep([C | T], Stack, [C | Text]) -> expect_deep(T, Stack, Text);
expect_deep([], [T | Stack], Text) -> expect_deep(T, Stack, Text);
expect_deep([], [], Text) -> Text;
expect_deep(_, _, _) -> erlang:throw(no_shape).

%% T's nesting and the text after it; Ind the indentation of its lines.
pp_shape([_ | _] = L, D, Text, Ind, {{Uni, Str}, _} = Ctx) when D =/= 1, D =/= 0 ->
    case Str andalso printable_latin1_list(L) of
        true -> pp_leaf(L, D, Text, Ctx);
        false ->
            [H | T] = L,
            Ind1 = pindent(1, Ind),
            {E1, Text1} = pp_shape(H, D - 1, expect("[", Text), Ind1, Ctx),
            {Seq, Text2} = pp_lseq(T, D - 1, Text1, Ind1, Ctx, [E1]),
            _ = Uni,
            {[$[, Seq, $]], expect("]", Text2)}
    end;
pp_shape(T, D, Text, Ind, {_, TInd} = Ctx) when is_tuple(T), erlang:tuple_size(T) > 0, D =/= 1, D =/= 0 ->
    [H | Es] = erlang:tuple_to_list(T),
    Tagged = erlang:tuple_size(T) > 1 andalso is_atom(H),
    Ind1 = case Tagged of
               false -> pindent(1, Ind);
               true ->
                   TagInd = flen(pw(H, D - 1, uni(Ctx), str(Ctx))) + 2,
                   case TInd > 0 andalso TagInd > TInd of
                       true -> pindent(TInd, Ind);
                       false -> pindent(TagInd, Ind)
                   end
           end,
    {E1, Text1} = pp_shape(H, D - 1, expect("{", Text), Ind1, Ctx),
    {Seq, Text2} = pp_tseq(Es, D - 1, Text1, Ind1, Ctx, [E1]),
    {[${, Seq, $}], expect("}", Text2)};
pp_shape(M, D, Text, Ind, Ctx) when is_map(M), D =/= 1, D =/= 0 ->
    case map_pairs(M) of
        [] -> pp_leaf(M, D, Text, Ctx);
        [{K, V} | Ps] ->
            Ind2 = pindent(2, Ind),
            D0 = D - 1,
            {P1, Text1} = pp_pair(K, V, D0, expect("#{", Text), Ind2, Ctx),
            {Seq, Text2} = pp_mseq(Ps, D0, D0, Text1, Ind2, Ctx, [P1]),
            {[$#, ${, Seq, $}], expect("}", Text2)}
    end;
pp_shape(B, D, Text, Ind, Ctx) when is_bitstring(B), D =/= 1, D =/= 0, B =/= <<>> ->
    S = pw(B, D, uni(Ctx), str(Ctx)),
    try expect_deep(S, [], Text) of
        Rest -> {S, Rest}
    catch
        throw:no_shape -> pp_bin(S, Text, pindent(2, Ind))
    end;
pp_shape(T, D, Text, _Ind, Ctx) -> pp_leaf(T, D, Text, Ctx).

%% A binary broken over lines (io_lib_pretty's pp_binary): its pieces
%% "B", $, ... with [$\n, Ind] before a piece that starts a line; the last
%% piece list (["B"] or ["B", $:, "Bits"]) is the tail, or [$\n, Ind, It].
pp_bin([$<, $<, Inner, $>, $>], Text, Ind) when is_list(Inner) ->
    {Body, Text1} = pp_bin_pieces(Inner, expect("<<", Text), Ind, []),
    {[$<, $<, Body, $>, $>], expect(">>", Text1)};
pp_bin(_, _, _) -> erlang:throw(no_shape).

pp_bin_pieces([BS, $, | More], Text, Ind, Acc) when is_list(BS) ->
    case Text of
        [$\n | Text1] ->
            Text2 = expect_deep(BS, [], expect_deep(Ind, [], Text1)),
            pp_bin_pieces(More, expect(",", Text2), Ind, [$,, BS, Ind, $\n | Acc]);
        _ -> pp_bin_pieces(More, expect(",", expect_deep(BS, [], Text)), Ind, [$,, BS | Acc])
    end;
pp_bin_pieces(Last, [$\n | Text], Ind, Acc) ->
    {lists:reverse(Acc, [$\n, Ind, Last]), expect_deep(Last, [], expect_deep(Ind, [], Text))};
pp_bin_pieces(Last, Text, _Ind, Acc) -> {lists:reverse(Acc, Last), expect_deep(Last, [], Text)}.

uni({{Uni, _}, _}) -> Uni.
str({{_, Str}, _}) -> Str.

pp_leaf(T, D, Text, Ctx) ->
    S = pw(T, D, uni(Ctx), str(Ctx)),
    {S, expect_deep(S, [], Text)}.

%% After a separator: a line break to Ind, or the same line.
pp_break([$\n | Text], Ind) -> {true, expect_deep(Ind, [], Text)};
pp_break(Text, _Ind) -> {false, Text}.

%% A list's elements after the first (Acc reversed, as pseq/5).
pp_lseq([], _D, Text, _Ind, _Ctx, Acc) -> {lists:reverse(Acc), Text};
pp_lseq(_, 1, Text, _Ind, _Ctx, Acc) -> {lists:reverse(Acc, "|..."), expect("|...", Text)};
pp_lseq([H | T], D, Text, Ind, Ctx, Acc) ->
    case pp_break(expect(",", Text), Ind) of
        {true, Text1} ->
            {E, Text2} = pp_shape(H, D - 1, Text1, Ind, Ctx),
            pp_lseq(T, D - 1, Text2, Ind, Ctx, [E, Ind, $\n, $, | Acc]);
        {false, Text1} ->
            {E, Text2} = pp_shape(H, D - 1, Text1, Ind, Ctx),
            pp_lseq(T, D - 1, Text2, Ind, Ctx, [E, $, | Acc])
    end;
pp_lseq(Tail, D, Text, Ind, Ctx, Acc) ->
    case pp_break(expect("|", Text), Ind) of
        {true, Text1} ->
            {E, Text2} = pp_shape(Tail, D - 1, Text1, Ind, Ctx),
            {lists:reverse(Acc, [$|, $\n, Ind | E]), Text2};
        {false, Text1} ->
            {E, Text2} = pp_shape(Tail, D - 1, Text1, Ind, Ctx),
            {lists:reverse(Acc, [$| | E]), Text2}
    end.

pp_tseq([], _D, Text, _Ind, _Ctx, Acc) -> {lists:reverse(Acc), Text};
pp_tseq(_, 1, Text, _Ind, _Ctx, Acc) -> {lists:reverse(Acc, ",..."), expect(",...", Text)};
pp_tseq([E0 | Es], D, Text, Ind, Ctx, Acc) ->
    case pp_break(expect(",", Text), Ind) of
        {true, Text1} ->
            {E, Text2} = pp_shape(E0, D - 1, Text1, Ind, Ctx),
            pp_tseq(Es, D - 1, Text2, Ind, Ctx, [E, Ind, $\n, $, | Acc]);
        {false, Text1} ->
            {E, Text2} = pp_shape(E0, D - 1, Text1, Ind, Ctx),
            pp_tseq(Es, D - 1, Text2, Ind, Ctx, [E, $, | Acc])
    end.

pp_mseq([], _N, _D0, Text, _Ind, _Ctx, Acc) -> {lists:reverse(Acc), Text};
pp_mseq(_, 1, _D0, Text, _Ind, _Ctx, Acc) -> {lists:reverse(Acc, ",..."), expect(",...", Text)};
pp_mseq([{K, V} | Ps], N, D0, Text, Ind, Ctx, Acc) ->
    case pp_break(expect(",", Text), Ind) of
        {true, Text1} ->
            {P, Text2} = pp_pair(K, V, D0, Text1, Ind, Ctx),
            pp_mseq(Ps, N - 1, D0, Text2, Ind, Ctx, [P, Ind, $\n, $, | Acc]);
        {false, Text1} ->
            {P, Text2} = pp_pair(K, V, D0, Text1, Ind, Ctx),
            pp_mseq(Ps, N - 1, D0, Text2, Ind, Ctx, [P, $, | Acc])
    end.

%% A pair on one line, or broken after " =>" with the value indented by
%% TInd (4 when TInd is not positive).
pp_pair(K, V, D, Text, Ind, {_, TInd} = Ctx) ->
    {KS, Text1} = pp_shape(K, D, Text, Ind, Ctx),
    case Text1 of
        " =>\n" ++ Text2 ->
            IndV = pindent(case TInd > 0 of true -> TInd; false -> 4 end, Ind),
            {VS, Text3} = pp_shape(V, D, expect_deep(IndV, [], Text2), IndV, Ctx),
            {[KS, " =>\n", IndV | VS], Text3};
        _ ->
            {VS, Text2} = pp_shape(V, D, expect(" => ", Text1), Ind, Ctx),
            {[KS, " => ", VS], Text2}
    end.

pw(_T, 0, _Uni, _Str) -> "...";
pw(T, _D, _Uni, _Str) when is_integer(T) -> erlang:integer_to_list(T);
pw(T, _D, _Uni, _Str) when is_float(T) -> erlang:float_to_list(T, [short]);
pw([], _D, _Uni, _Str) -> "[]";
pw({}, _D, _Uni, _Str) -> "{}";
pw([_ | _], 1, _Uni, _Str) -> [$[, "...", $]];
pw([H | T] = L, D, Uni, Str) ->
    case Str andalso printable_latin1_list(L) of
        true -> one_line_text(L, -1, Uni, Str);
        false -> [$[, pseq(T, D - 1, Uni, Str, [pw(H, D - 1, Uni, Str)]), $]]
    end;
pw(M, _D, _Uni, _Str) when M =:= #{} -> "#{}";
pw(<<>>, _D, _Uni, _Str) -> "<<>>";
pw(T, 1, _Uni, _Str) when is_tuple(T) -> "{...}";
pw(T, D, Uni, Str) when is_tuple(T) ->
    [${, pelems(T, 2, erlang:tuple_size(T), D - 1, Uni, Str, [pw(erlang:element(1, T), D - 1, Uni, Str)]), $}];
pw(M, 1, _Uni, _Str) when is_map(M) -> "#{...}";
pw(M, D, Uni, Str) when is_map(M) ->
    case map_pairs(M) of
        [] -> "#{}";
        [{K, V} | Ps] ->
            D0 = D - 1,
            [$#, ${, ppairs(Ps, D0, D0, Uni, Str, [ppair(K, V, D0, Uni, Str)]), $}]
    end;
pw(B, 1, _Uni, _Str) when is_bitstring(B) -> "<<...>>";
pw(B, D, Uni, Str) when is_bitstring(B) ->
    case one_line_text(B, D, Uni, Str) of
        "<<>>" = E -> E;
        [$<, $<, $" | _] = Text ->
            Mid = lists:droplast(lists:droplast(tl(tl(Text)))),
            case lists:reverse(Mid) of
                [$., $., $., $" | Quoted] -> [$<, $<, lists:reverse(Quoted, "\""), $., $., $., $>, $>];
                _ -> [$<, $<, Mid, $>, $>]
            end;
        _ -> [$<, $<, lists:reverse(wbytes(B, D, [])), $>, $>]
    end;
pw(T, _D, Uni, _Str) ->
    case erlang:hl_format_w(T, Uni) of
        false -> erlang:throw(no_shape);
        Cs -> Cs
    end.

one_line_text(T, D, Uni, Str) ->
    case erlang:hl_format_p(T, 1, 0, Uni, Str, erlang:max(D, -1)) of
        false -> erlang:throw(no_shape);
        Cs -> Cs
    end.

pseq([], _D, _Uni, _Str, Acc) -> lists:reverse(Acc);
pseq(_, 1, _Uni, _Str, Acc) -> lists:reverse(Acc, "|...");
pseq([H | T], D, Uni, Str, Acc) -> pseq(T, D - 1, Uni, Str, [pw(H, D - 1, Uni, Str), $, | Acc]);
pseq(Tail, D, Uni, Str, Acc) -> lists:reverse(Acc, [$| | pw(Tail, D - 1, Uni, Str)]).

pelems(_T, I, N, _D, _Uni, _Str, Acc) when I > N -> lists:reverse(Acc);
pelems(_T, _I, _N, 1, _Uni, _Str, Acc) -> lists:reverse(Acc, ",...");
pelems(T, I, N, D, Uni, Str, Acc) ->
    pelems(T, I + 1, N, D - 1, Uni, Str, [pw(erlang:element(I, T), D - 1, Uni, Str), $, | Acc]).

ppair(K, V, D, Uni, Str) -> [pw(K, D, Uni, Str), " => ", pw(V, D, Uni, Str)].

ppairs([], _N, _D0, _Uni, _Str, Acc) -> lists:reverse(Acc);
ppairs(_, 1, _D0, _Uni, _Str, Acc) -> lists:reverse(Acc, ",...");
ppairs([{K, V} | Ps], N, D0, Uni, Str, Acc) ->
    ppairs(Ps, N - 1, D0, Uni, Str, [ppair(K, V, D0, Uni, Str), $, | Acc]).

ptext(T, Col, LL, Uni, Str) -> ptext(T, Col, LL, Uni, Str, -1).

ptext(T, Col, LL, Uni, Str, D) ->
    case erlang:hl_format_p(T, Col, LL, Uni, Str, D) of
        false when D < 0 -> big_p(T, Col, LL, Uni, Str);
        false -> erlang:error(system_limit, [T]);
        Cs -> Cs
    end.

%% ---- ~p of a term above the printing builtin's budget ---------------------
%%
%% The same layout as io_lib_pretty (and print_pretty.c), with the big
%% containers laid out here and every subterm within the budget measured
%% and laid out by the C printer at the place it goes (erlang:hl_format_pp
%% takes io_lib_pretty's Col, Ll, TInd, Ind, LD and W). The whole term is
%% longer than any line, so it is never written on one line and its whole
%% length M never decides anything. Nodes:
%%   {s, T, Len, Atomic}            a subterm within the budget
%%   {str, Text, Len}               a printable list above the budget
%%   {l, Elems, Tail, Len}          a list (Tail: none or a node)
%%   {t, Tagged, Elems, Len}        a tuple
%%   {m, Pairs, Len}                a map, Pairs [{KNode, VNode}]
%% Binaries above the budget and line lengths above 16,384 are
%% system_limit (docs/io.md).

big_p(T, Col, LL, Uni, Str) when LL =< 16384 ->
    N = big_node(T, Uni, Str),
    Ctx = {erlang:max(LL, 0), Uni, Str},
    Col1 = erlang:max(Col, 1),
    TInd = big_tind(N, Col1, Ctx, [-1, 4]),
    flat(pp(N, Col1, Col1 - 1, 0, 0, TInd, false, Ctx));
big_p(T, _, _, _, _) -> erlang:error(system_limit, [T]).

big_tind(_N, _Col, _Ctx, []) -> 1;
big_tind(N, Col, Ctx, [TInd | More]) ->
    try pp(N, Col, Col - 1, 0, 0, TInd, true, Ctx) of
        _ -> TInd
    catch
        throw:no_good -> big_tind(N, Col, Ctx, More)
    end.

big_node(T, Uni, Str) ->
    case erlang:hl_format_plen(T, Uni, Str) of
        {Len, Atm} -> {s, T, Len, Atm};
        false -> big_split(T, Uni, Str)
    end.

big_split([_ | _] = L, Uni, Str) ->
    case Str andalso printable_list(L) of
        true -> big_string(L, Uni, Str);
        false -> big_list(L, Uni, Str, [], 0)
    end;
big_split(T, Uni, Str) when is_tuple(T) ->
    Es = big_nodes(erlang:tuple_to_list(T), Uni, Str, []),
    Tagged = erlang:tuple_size(T) > 1 andalso is_atom(erlang:element(1, T)),
    {t, Tagged, Es, 2 + seq_len(Es, none)};
big_split(M, Uni, Str) when is_map(M) ->
    Ps = big_pairs(map_pairs(M), Uni, Str, []),
    {m, Ps, 3 + seq_len(Ps, none)};
big_split(I, _Uni, _Str) when is_integer(I) ->
    %% an integer of more than ~1,100 digits (above the builtin's budget):
    %% atomic text, as io_lib_pretty prints it
    Text = erlang:integer_to_list(I),
    {str, Text, length(Text)};
big_split(T, _Uni, _Str) -> erlang:error(system_limit, [T]).

big_nodes([E | Es], Uni, Str, Acc) -> big_nodes(Es, Uni, Str, [big_node(E, Uni, Str) | Acc]);
big_nodes([], _Uni, _Str, Acc) -> lists:reverse(Acc).

big_pairs([{K, V} | Ps], Uni, Str, Acc) ->
    big_pairs(Ps, Uni, Str, [pair_node({big_node(K, Uni, Str), big_node(V, Uni, Str)}) | Acc]);
big_pairs([], _Uni, _Str, Acc) -> lists:reverse(Acc).

big_list([H | T], Uni, Str, Acc, N) -> big_list(T, Uni, Str, [big_node(H, Uni, Str) | Acc], N + 1);
big_list([], _Uni, _Str, Acc, _N) ->
    Es = lists:reverse(Acc),
    {l, Es, none, 2 + seq_len(Es, none)};
big_list(Tail, Uni, Str, Acc, _N) ->
    Es = lists:reverse(Acc),
    TN = big_node(Tail, Uni, Str),
    {l, Es, TN, 2 + seq_len(Es, TN)}.

%% A printable list's quoted text, escaped by the builtin chunk by chunk.
big_string(L, Uni, Str) ->
    Text = [$" | string_chunks(L, Uni, Str, [])],
    {str, Text, flen(Text)}.

string_chunks([], _Uni, _Str, Acc) -> lists:append(lists:reverse(["\"" | Acc]));
string_chunks(L, Uni, Str, Acc) ->
    {Chunk, Rest} = take_chunk(L, 30000, []),
    Quoted = erlang:hl_format_p(Chunk, 1, 0, Uni, Str, -1),
    string_chunks(Rest, Uni, Str, [unquote(Quoted) | Acc]).

take_chunk(L, 0, Acc) -> {lists:reverse(Acc), L};
take_chunk([C | L], N, Acc) -> take_chunk(L, N - 1, [C | Acc]);
take_chunk([], _N, Acc) -> {lists:reverse(Acc), []}.

unquote([$" | Cs]) -> lists:droplast(Cs).

pair_node({K, V}) -> {pair, K, V, nlen(K) + 4 + nlen(V)}.

seq_len(Es, Tail) ->
    {Sum, K} = seq_len(Es, 0, 0),
    case Tail of
        none -> Sum + erlang:max(K - 1, 0);
        _ -> Sum + nlen(Tail) + K
    end.

seq_len([E | Es], Sum, K) -> seq_len(Es, Sum + nlen(E), K + 1);
seq_len([], Sum, K) -> {Sum, K}.

nlen({s, _, Len, _}) -> Len;
nlen({str, _, Len}) -> Len;
nlen({l, _, _, Len}) -> Len;
nlen({t, _, _, Len}) -> Len;
nlen({m, _, Len}) -> Len;
nlen({pair, _, _, Len}) -> Len.

atm({s, _, _, Atm}) -> Atm;
atm({str, _, _}) -> true;
atm(_) -> false.

atm_pair({pair, K, V, _}) -> atm(K) andalso atm(V).

%% Ctx = {Ll, Uni, Str}; M is above every line (see above).
fits(N, Col, LD, _W, {Ll, _, _}) -> nlen(N) < Ll - Col - LD.

one_line({s, T, _, _}, {_, Uni, Str}) -> erlang:hl_format_p(T, 1, 0, Uni, Str, -1);
one_line({str, Text, _}, _Ctx) -> Text;
one_line({pair, K, V, _}, Ctx) -> [one_line(K, Ctx), " => ", one_line(V, Ctx)].

nl(Ind) -> [$\n | lists:duplicate(Ind, $\s)].

%% pp(Node, Col, Ind, LD, W, TInd, Dry, Ctx): the text (Dry: no text, and
%% throw(no_good) where the tagged-tuple indentation does not fit).
pp({s, T, _, _}, Col, Ind, LD, W, TInd, Dry, {Ll, Uni, Str} = Ctx) ->
    case erlang:hl_format_pp(T, {Uni, Str, Col, Ll, TInd, Ind, LD, W, Dry}) of
        true -> [];
        false -> erlang:throw(no_good);
        [] -> pp(big_split(T, Uni, Str), Col, Ind, LD, W, TInd, Dry, Ctx); % laid out, above the budget
        Cs -> Cs
    end;
pp({str, Text, _}, _Col, _Ind, _LD, _W, _TInd, _Dry, _Ctx) -> Text;
pp({l, Es, Tail, _}, Col, Ind, LD, W, TInd, Dry, Ctx) ->
    Items = Es ++ case Tail of
                      none -> [];
                      _ -> [{tail, Tail}]
                  end,
    [$[ | seq(Items, true, {$|, $], false}, Col + 1, Col + 1, Ind + 1, LD, W + 1, TInd, Dry, Ctx)];
pp({t, false, Es, _}, Col, Ind, LD, W, TInd, Dry, Ctx) ->
    [${ | seq(Es, true, {$,, $}, false}, Col + 1, Col + 1, Ind + 1, LD, W + 1, TInd, Dry, Ctx)];
pp({t, true, [Tag | Es], _}, Col, Ind, LD, W, TInd, Dry, {Ll, _, _} = Ctx) ->
    TLen = nlen(Tag),
    TagInd = TLen + 2,
    TCol = Col + TagInd,
    TagText = one_line(Tag, Ctx),
    if
        TInd > 0, TagInd > TInd ->
            Col1 = Col + TInd,
            Dry andalso not (Col1 =< Ll div 2) andalso erlang:throw(no_good),
            [${, TagText | seq(Es, false, {$,, $}, false}, Col1, TCol, Ind + TInd, LD, W + 1 + TLen, TInd, Dry, Ctx)];
        true ->
            Dry andalso not (TCol < Ll div 2) andalso erlang:throw(no_good),
            [${, TagText, $, | seq(Es, true, {$,, $}, false}, TCol, TCol, Ind + TagInd, LD, W + 1 + TLen + 1,
                                   TInd, Dry, Ctx)]
    end;
pp({m, Ps, _}, Col, Ind, LD, W, TInd, Dry, Ctx) ->
    W1 = case Dry of
             true -> W + 2;
             false -> W + 1
         end,
    [$#, ${ | seq(Ps, true, {$,, $}, true}, Col + 2, Col + 2, Ind + 2, LD, W1, TInd, Dry, Ctx)].

%% The elements of a container (print_pretty.c's seq_step), tail
%% recursive. Sep and Close close it; Map: the elements are pairs.
seq(Es, First, F, Col0, Col, Ind, LD, W, TInd, Dry, Ctx) ->
    seq(Es, First, F, Col0, Col, Ind, LD, W, TInd, Dry, Ctx, []).

seq([], _First, {_, Close, _}, _Col0, _Col, _Ind, _LD, _W, _TInd, _Dry, _Ctx, Acc) ->
    lists:reverse(Acc, [Close]);
seq([{tail, E}], _First, {Sep, Close, _}, Col0, Col, Ind, LD, _W, TInd, Dry, {Ll, _, _} = Ctx, Acc) ->
    Len = nlen(E),
    case Len + 1 < Ll - Col - (LD + 1) andalso atm(E) of
        true -> lists:reverse(Acc, [Sep, one_line(E, Ctx), Close]);
        false ->
            C = case Dry of
                    true -> Col;
                    false -> Col0
                end,
            lists:reverse(Acc, [Sep, nl(Ind), pp(E, C, Ind, LD + 1, 0, TInd, Dry, Ctx), Close])
    end;
seq([E | Rest], First, {_, _, Map} = F, Col0, Col, Ind, LD, W, TInd, Dry, {Ll, _, _} = Ctx, Acc) ->
    More = case Rest of
               [{tail, _} | _] -> false;
               [_ | _] -> true;
               [] -> false
           end,
    LD1 = case More of
              true -> 0;
              false -> LD + 1
          end,
    case First of
        true when Map ->
            PW = pair_width(E, Col0, LD1, W, Ctx),
            W1 = case Dry of
                     true -> W + PW;
                     false -> PW
                 end,
            Out = pair_do(E, Col0, Ind, LD1, W, TInd, Dry, Ctx),
            seq(Rest, false, F, Col0, Col0 + PW, Ind, LD, W1, TInd, Dry, Ctx, [Out | Acc]);
        true ->
            WE = element_width(E, Col0, LD1, W, Ctx),
            Out = element_do(E, Col0, Ind, LD1, W, TInd, Dry, Ctx),
            seq(Rest, false, F, Col0, Col0 + WE, Ind, LD, W + WE, TInd, Dry, Ctx, [Out | Acc]);
        false ->
            ELen = 1 + nlen(E),
            A = case Map of
                    true -> atm_pair(E);
                    false -> atm(E)
                end,
            Same = A andalso ((LD1 =:= 0 andalso ELen + 1 < Ll - Col) orelse
                              (LD1 > 0 andalso ELen < Ll - Col - LD1)),
            case Same of
                true ->
                    Out = [$, | one_line(E, Ctx)],
                    seq(Rest, false, F, Col0, Col + ELen, Ind, LD, W + ELen, TInd, Dry, Ctx, [Out | Acc]);
                false when Map ->
                    PW = pair_width(E, Col0, LD1, 0, Ctx),
                    Out = [$,, nl(Ind) | pair_do(E, Col0, Ind, LD1, 0, TInd, Dry, Ctx)],
                    seq(Rest, false, F, Col0, Col0 + PW, Ind, LD, PW, TInd, Dry, Ctx, [Out | Acc]);
                false ->
                    WE = element_width(E, Col0, LD1, 0, Ctx),
                    Out = [$,, nl(Ind) | element_do(E, Col0, Ind, LD1, 0, TInd, Dry, Ctx)],
                    seq(Rest, false, F, Col0, Col0 + WE, Ind, LD, WE, TInd, Dry, Ctx, [Out | Acc])
            end
    end.

element_width(E, Col, LD, W, {Ll, _, _} = Ctx) ->
    case fits(E, Col, LD, W, Ctx) andalso atm(E) of
        true -> nlen(E);
        false -> Ll
    end.

element_do(E, Col, Ind, LD, W, TInd, Dry, Ctx) ->
    case fits(E, Col, LD, W, Ctx) andalso atm(E) of
        true -> one_line(E, Ctx);
        false -> pp(E, Col, Ind, LD, W, TInd, Dry, Ctx)
    end.

pair_width(P, Col, LD, W, {Ll, _, _} = Ctx) ->
    case fits(P, Col, LD, W, Ctx) andalso atm_pair(P) of
        true -> nlen(P);
        false -> Ll
    end.

pair_do({pair, K, V, _} = P, Col, Ind, LD, W, TInd, Dry, Ctx) ->
    case fits(P, Col, LD, W, Ctx) of
        true -> one_line(P, Ctx);
        false ->
            In = case TInd > 0 of
                     true -> TInd;
                     false -> 4
                 end,
            [pp(K, Col, Ind, LD, W, TInd, Dry, Ctx), " =>", nl(Ind + In),
             pp(V, Col + In, Ind + In, LD, 0, TInd, Dry, Ctx)]
    end.
