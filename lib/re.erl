%% lib/re.erl — OTP 25's re module (run/2,3, compile/1,2, replace/3,4,
%% split/2,3) over PCRE2, written for Hyperlang from the documented
%% behaviour and erl's answers (not copied from OTP). The C cores are in
%% src/vm/bif_re.c: erlang:hl_re_compile/2 (capture count and names, or the
%% compile error), erlang:hl_re_exec/6 (one bounded match attempt; this
%% module loops over slices and levels, so a match over a huge subject stays
%% preemptible) and erlang:hl_re_utf8/2 (UTF-8 validation, a chunk a call).
%%
%% A compiled pattern is {re_pattern, Groups, Unicode, UseCRLF, Bin} as in
%% OTP, but Bin is <<"HLRE", Flags:32, Source/binary>>: the pattern's source
%% and compile flags, compiled again on every use. Nothing in it is trusted:
%% a forged Bin is only another pattern (or badarg). docs/builtins.md lists
%% every difference from OTP.
-module(re).
-export([compile/1, compile/2, run/2, run/3, replace/3, replace/4, split/2, split/3]).

-define(DEFAULT_LIMIT, 10000000).
%% match flags (vm/bif_re.c)
-define(MF_ANCHORED, 1).
-define(MF_NOTBOL, 2).
-define(MF_NOTEOL, 4).
-define(MF_NOTEMPTY, 8).
-define(MF_NOTEMPTY_ATSTART, 16).
-define(MF_VALIDATED, 32).
%% compile flags: bit numbers (vm/bif_re.c)
-define(CF_UNICODE, 1).
-define(CF_ANCHORED, 32).
-define(CF_BSR_ANYCRLF, 16384).
-define(CF_NL_SHIFT, 15).
-define(CF_NL_MASK, (7 bsl 15)).

%% ---- options ----

copt(unicode) -> {bit, 0};
copt(caseless) -> {bit, 1};
copt(multiline) -> {bit, 2};
copt(dotall) -> {bit, 3};
copt(extended) -> {bit, 4};
copt(anchored) -> {bit, 5};
copt(ungreedy) -> {bit, 6};
copt(dollar_endonly) -> {bit, 7};
copt(firstline) -> {bit, 8};
copt(no_auto_capture) -> {bit, 9};
copt(dupnames) -> {bit, 10};
copt(ucp) -> {bit, 11};
copt(never_utf) -> {bit, 12};
copt(no_start_optimize) -> {bit, 13};
copt(bsr_anycrlf) -> bsr_anycrlf;
copt(bsr_unicode) -> bsr_unicode;
copt({newline, NL}) -> {newline, newline(NL)};
copt(_) -> false.

newline(cr) -> 1;
newline(lf) -> 2;
newline(crlf) -> 3;
newline(anycrlf) -> 4;
newline(any) -> 5;
newline(_) -> erlang:error(badarg).

%% Options both compile and run accept (at run time they also apply to a
%% precompiled pattern).
shared(anchored) -> true;
shared(bsr_anycrlf) -> true;
shared(bsr_unicode) -> true;
shared({newline, _}) -> true;
shared(_) -> false.

%% Compile flags of a list of compile options; badarg on anything else.
cflags(Opts) -> cflags(Opts, 0).

cflags([], F) -> F;
cflags([O | T], F) ->
    cflags(T, cflag(O, F));
cflags(_, _) -> erlang:error(badarg).

cflag(O, F) ->
    case copt(O) of
        {bit, B} -> F bor (1 bsl B);
        bsr_anycrlf -> F bor ?CF_BSR_ANYCRLF;
        bsr_unicode -> F band (bnot ?CF_BSR_ANYCRLF);
        {newline, N} -> (F band (bnot ?CF_NL_MASK)) bor (N bsl ?CF_NL_SHIFT);
        false -> erlang:error(badarg)
    end.

unicode(CF) -> CF band ?CF_UNICODE =/= 0.

crlf(CF) ->
    case (CF band ?CF_NL_MASK) bsr ?CF_NL_SHIFT of
        N when N >= 3 -> 1;
        _ -> 0
    end.

%% ---- compile ----

compile(P) -> compile(P, []).

compile(P, Opts) ->
    CF = cflags(Opts),
    Src = pattern_source(P, unicode(CF)),
    case erlang:hl_re_compile(Src, CF) of
        {error, Msg, Off} -> {error, {erlang:binary_to_list(Msg), Off}};
        {N, _Names} -> {ok, mp(Src, CF, N)}
    end.

mp(Src, CF, N) ->
    U = case unicode(CF) of true -> 1; false -> 0 end,
    {re_pattern, N, U, crlf(CF), <<"HLRE", CF:32, Src/binary>>}.

pattern_source(P, _) when is_binary(P) -> P;
pattern_source(P, true) when is_list(P) ->
    case unicode:characters_to_binary(P) of
        B when is_binary(B) -> B;
        _ -> erlang:error(badarg)
    end;
pattern_source(P, false) when is_list(P) -> erlang:iolist_to_binary(P);
pattern_source(_, _) -> erlang:error(badarg).

%% The pattern's state {Src, CF, NCap, Names} for running with the given
%% options (compile options for a source pattern; the shared ones for a
%% precompiled one), or {compile_error, Msg, Off}.
prepare({re_pattern, _, _, _, <<"HLRE", CF0:32, Src/binary>>}, COpts) ->
    CF = lists:foldl(fun(O, F) ->
                             case shared(O) of
                                 true -> cflag(O, F);
                                 false -> erlang:error(badarg) % unicode too, as OTP
                             end
                     end, CF0, COpts),
    case erlang:hl_re_compile(Src, CF) of
        {error, _, _} -> erlang:error(badarg);
        {N, Names} -> {Src, CF, N, Names}
    end;
prepare(P, _) when is_tuple(P) -> erlang:error(badarg);
prepare(P, COpts) ->
    CF = cflags(COpts),
    Src = pattern_source(P, unicode(CF)),
    case erlang:hl_re_compile(Src, CF) of
        {error, Msg, Off} -> {compile_error, erlang:binary_to_list(Msg), Off};
        {N, Names} -> {Src, CF, N, Names}
    end.

%% ---- subjects ----

subject(S, Unicode) when is_binary(S) ->
    case Unicode of
        true -> valid_utf8(S);
        false -> S
    end;
subject(S, true) when is_list(S) ->
    case unicode:characters_to_binary(S) of
        B when is_binary(B) -> B;
        _ -> erlang:error(badarg)
    end;
subject(S, false) when is_list(S) -> erlang:iolist_to_binary(S);
subject(_, _) -> erlang:error(badarg).

valid_utf8(S) ->
    case utf8_from(S, 0) of
        true -> S;
        false ->
            %% maybe only a sub-binary at an odd bit offset: check a copy
            C = binary:copy(S),
            case utf8_from(C, 0) of
                true -> C;
                false -> erlang:error(badarg)
            end
    end.

utf8_from(S, I) ->
    case erlang:hl_re_utf8(S, I) of
        Next when is_integer(Next) -> utf8_from(S, Next);
        R -> R
    end.

%% ---- run ----

run(S, RE) -> run(S, RE, []).

run(S, RE, Opts) when is_list(Opts) ->
    {ROpts, COpts} = split_opts(Opts, [], []),
    R = run_opts(ROpts, {0, {all, index}, false, false, 0, ?DEFAULT_LIMIT, ?DEFAULT_LIMIT}),
    {MF, Cap, Global, Report, Offset, ML, DL} = R,
    case prepare(RE, COpts) of
        {compile_error, Msg, Off} ->
            _ = subject(S, lists:member(unicode, COpts)),
            case Report of
                true -> {error, {compile, {Msg, Off}}};
                false -> erlang:error(badarg)
            end;
        {_, CF, _, _} = St ->
            Subj = subject(S, unicode(CF)),
            Spec = capture_spec(Cap, St),
            if
                Offset > byte_size(Subj) -> erlang:error(badarg);
                true -> ok
            end,
            Res = case Global of
                      true -> global(St, Subj, Offset, MF, {ML, DL}, Spec);
                      false -> once(St, Subj, Offset, MF, {ML, DL}, Spec)
                  end,
            case Res of
                {error, _} when not Report -> nomatch;
                _ -> Res
            end
    end;
run(_, _, _) -> erlang:error(badarg).

%% Run options apart from compile options (anchored and the newline and bsr
%% options are both: at run time they go to the compile flags too).
split_opts([], R, C) -> {lists:reverse(R), lists:reverse(C)};
split_opts([O | T], R, C) ->
    case is_run_opt(O) of
        true -> split_opts(T, [O | R], C);
        false -> split_opts(T, R, [O | C])
    end;
split_opts(_, _, _) -> erlang:error(badarg).

is_run_opt(global) -> true;
is_run_opt(notbol) -> true;
is_run_opt(noteol) -> true;
is_run_opt(notempty) -> true;
is_run_opt(notempty_atstart) -> true;
is_run_opt(report_errors) -> true;
is_run_opt({capture, _}) -> true;
is_run_opt({capture, _, _}) -> true;
is_run_opt({offset, _}) -> true;
is_run_opt({match_limit, _}) -> true;
is_run_opt({match_limit_recursion, _}) -> true;
is_run_opt(_) -> false.

run_opts([], Acc) -> Acc;
run_opts([O | T], {MF, Cap, G, Rep, Off, ML, DL}) ->
    Acc = case O of
              global -> {MF, Cap, true, Rep, Off, ML, DL};
              notbol -> {MF bor ?MF_NOTBOL, Cap, G, Rep, Off, ML, DL};
              noteol -> {MF bor ?MF_NOTEOL, Cap, G, Rep, Off, ML, DL};
              notempty -> {MF bor ?MF_NOTEMPTY, Cap, G, Rep, Off, ML, DL};
              notempty_atstart -> {MF bor ?MF_NOTEMPTY_ATSTART, Cap, G, Rep, Off, ML, DL};
              report_errors -> {MF, Cap, G, true, Off, ML, DL};
              {capture, V} -> {MF, {V, index}, G, Rep, Off, ML, DL};
              {capture, V, Type} -> {MF, {V, Type}, G, Rep, Off, ML, DL};
              {offset, N} when is_integer(N), N >= 0 -> {MF, Cap, G, Rep, N, ML, DL};
              {match_limit, N} when is_integer(N), N >= 0 -> {MF, Cap, G, Rep, Off, N, DL};
              {match_limit_recursion, N} when is_integer(N), N >= 0 -> {MF, Cap, G, Rep, Off, ML, N};
              _ -> erlang:error(badarg)
          end,
    run_opts(T, Acc).

%% The capture spec: none, or {Which, Type} where Which is all,
%% all_but_first, first or a list of group numbers (explicit: never trimmed).
capture_spec({V, Type}, {_, _, N, Names}) ->
    case lists:member(Type, [index, list, binary]) of
        true -> ok;
        false -> erlang:error(badarg)
    end,
    case V of
        none -> none;
        all -> {all, Type};
        all_but_first -> {all_but_first, Type};
        first -> {first, Type};
        all_names ->
            case Names of
                [] -> none;
                _ -> {[G || {_, G} <- Names], Type}
            end;
        [] -> none;
        L when is_list(L) -> {[group_of(X, N, Names) || X <- L], Type};
        _ -> erlang:error(badarg)
    end.

group_of(X, _, _) when is_integer(X), X >= 0 -> X;
group_of(X, _, Names) when is_atom(X) -> name_group(erlang:atom_to_binary(X), Names);
group_of(X, _, Names) when is_binary(X) -> name_group(X, Names);
group_of(X, _, Names) when is_list(X) ->
    case unicode:characters_to_binary(X) of
        B when is_binary(B) -> name_group(B, Names);
        _ -> erlang:error(badarg)
    end;
group_of(_, _, _) -> erlang:error(badarg).

name_group(B, Names) ->
    case lists:keyfind(B, 1, Names) of
        {_, G} -> G;
        false -> -1
    end.

once(St, Subj, Offset, MF, Lim, Spec) ->
    case exec(St, Subj, Offset, MF, Lim) of
        {match, _} when Spec =:= none -> match;
        {match, Ov} -> {match, captured(Spec, Ov, Subj, St)};
        Other -> Other
    end.

global(St, Subj, Offset, MF, Lim, Spec) ->
    case global(St, Subj, Offset, MF, 0, Lim, []) of
        [] -> nomatch;
        {error, _} = E -> E;
        Rev ->
            case Spec of
                none -> match;
                _ -> {match, [captured(Spec, Ov, Subj, St) || Ov <- lists:reverse(Rev)]}
            end
    end.

%% Every match from Pos, last first. After an empty match the next attempt
%% is at the same place, anchored and not empty; when that fails the scan
%% moves one character on (past a CRLF as one, when CR LF is a newline).
global(St, Subj, Pos, MF, Extra, Lim, Acc) ->
    case exec(St, Subj, Pos, MF bor Extra, Lim) of
        nomatch when Extra =:= 0 -> Acc;
        nomatch ->
            case advance(St, Subj, Pos) of
                done -> Acc;
                Pos1 -> global(St, Subj, Pos1, MF, 0, Lim, Acc)
            end;
        {match, [{S, 0} | _] = Ov} ->
            global(St, Subj, S, MF, ?MF_ANCHORED bor ?MF_NOTEMPTY_ATSTART, Lim, [Ov | Acc]);
        {match, [{S, L} | _] = Ov} ->
            global(St, Subj, S + L, MF, 0, Lim, [Ov | Acc]);
        {error, _} = E -> E
    end.

advance({_, CF, _, _}, Subj, Pos) ->
    Size = byte_size(Subj),
    if
        Pos >= Size -> done;
        true ->
            case crlf(CF) =:= 1 andalso Pos + 1 < Size andalso binary:part(Subj, Pos, 2) =:= <<"\r\n">> of
                true -> Pos + 2;
                false ->
                    case unicode(CF) of
                        true -> Pos + char_len(binary:at(Subj, Pos));
                        false -> Pos + 1
                    end
            end
    end.

char_len(B) when B < 16#80 -> 1;
char_len(B) when B < 16#E0 -> 2;
char_len(B) when B < 16#F0 -> 3;
char_len(_) -> 4.

%% One match from Pos: {match, Ovector}, nomatch or {error, Limit}. The C
%% core tries a bounded slice of start positions at a time (vm/bif_re.c).
exec({Src, CF, _, _}, Subj, Pos, MF0, {ML, DL}) ->
    MF = case unicode(CF) of
             true -> MF0 bor ?MF_VALIDATED;
             false -> MF0
         end,
    exec(Src, CF, Subj, Pos, MF, ML, DL, 0).

exec(Src, CF, Subj, Pos, MF, ML, DL, Level) ->
    case erlang:hl_re_exec(Src, CF, Subj, Pos, MF, {Level, ML, DL}) of
        {0, Ov} -> {match, Ov};
        1 -> nomatch;
        {2, Next, L} ->
            %% "at start" means the first position only
            exec(Src, CF, Subj, Next, MF band (bnot ?MF_NOTEMPTY_ATSTART), ML, DL, lower(L));
        {3, L} -> exec(Src, CF, Subj, Pos, MF, ML, DL, L);
        4 -> {error, match_limit};
        5 -> {error, match_limit_recursion};
        6 -> exec(Src, CF, binary:copy(Subj), Pos, MF, ML, DL, Level)
    end.

%% A slice that needed a higher level: the next one starts a step lower in
%% both the per-position limit (L rem 8) and the window (L div 8).
lower(L) -> erlang:max(0, L rem 8 - 1) + 8 * erlang:max(0, L div 8 - 1).

%% The captured values of one match.
captured({Which, Type}, Ov, Subj, St) ->
    Gs = case Which of
             all -> trim_unset(Ov);
             all_but_first -> tl(trim_unset(Ov));
             first -> [hd(Ov)];
             L when is_list(L) -> [nth_group(G, Ov) || G <- L]
         end,
    [value(G, Type, Subj, St) || G <- Gs].

nth_group(G, Ov) when G >= 0, G < length(Ov) -> lists:nth(G + 1, Ov);
nth_group(_, _) -> {-1, 0}.

%% As PCRE reports them: groups after the last set one are left out.
trim_unset([G0 | Rest]) -> [G0 | lists:reverse(drop_unset(lists:reverse(Rest)))].

drop_unset([{-1, 0} | T]) -> drop_unset(T);
drop_unset(L) -> L.

value(G, index, _, _) -> G;
value({-1, 0}, list, _, _) -> [];
value({-1, 0}, binary, _, _) -> <<>>;
value({S, L}, binary, Subj, _) -> binary:part(Subj, S, L);
value({S, L}, list, Subj, {_, CF, _, _}) ->
    B = binary:part(Subj, S, L),
    case unicode(CF) of
        true -> unicode:characters_to_list(B);
        false -> erlang:binary_to_list(B)
    end.

%% ---- replace ----

replace(S, RE, Repl) -> replace(S, RE, Repl, []).

replace(S, RE, Repl, Opts) when is_list(Opts) ->
    {Ret, Opts1} = return_opt(Opts, iodata, []),
    lists:foreach(fun(report_errors) -> erlang:error(badarg);
                     ({capture, _}) -> erlang:error(badarg);
                     ({capture, _, _}) -> erlang:error(badarg);
                     (_) -> ok
                  end, Opts1),
    Unicode = lists:member(unicode, Opts1) orelse mp_unicode(RE),
    Flat = subject(S, Unicode),
    FlatRepl = subject(Repl, Unicode),
    Parts = repl_parts(FlatRepl),
    IoList = case run(Flat, RE, Opts1) of
                 nomatch -> S;
                 {match, [M | _] = Ms} when is_list(M) -> splice(Flat, 0, Parts, Ms);
                 {match, M} -> splice(Flat, 0, Parts, [M])
             end,
    case Ret of
        iodata -> IoList;
        binary when Unicode -> unicode:characters_to_binary(IoList);
        binary -> erlang:iolist_to_binary(IoList);
        list when Unicode -> unicode:characters_to_list(IoList);
        list -> erlang:binary_to_list(erlang:iolist_to_binary(IoList))
    end;
replace(_, _, _, _) -> erlang:error(badarg).

mp_unicode({re_pattern, _, 1, _, _}) -> true;
mp_unicode(_) -> false.

%% {return, T} taken out (the last one wins); badarg on a bad one.
return_opt([], R, Acc) -> {R, lists:reverse(Acc)};
return_opt([{return, T} | Rest], _, Acc) when T =:= iodata; T =:= list; T =:= binary ->
    return_opt(Rest, T, Acc);
return_opt([{return, _} | _], _, _) -> erlang:error(badarg);
return_opt([O | Rest], R, Acc) -> return_opt(Rest, R, [O | Acc]);
return_opt(_, _, _) -> erlang:error(badarg).

%% The replacement as literal binaries and group numbers: & is the whole
%% match, \N, \gN and \g{N} group N, \ before anything else that character.
repl_parts(B) -> lit_merge(repl_scan(B, [])).

repl_scan(<<>>, Acc) -> lists:reverse(Acc);
repl_scan(<<"\\g{", R/binary>>, Acc) when byte_size(R) > 0 ->
    case digits(R) of
        {[_ | _] = Ds, <<"}", R1/binary>>} -> repl_scan(R1, [{group, erlang:list_to_integer(Ds)} | Acc]);
        {[], <<"}", _/binary>>} -> erlang:error(badarg);
        Other -> erlang:error({badmatch, Other}) % as OTP: no closing brace
    end;
repl_scan(<<"\\g", R/binary>>, Acc) when byte_size(R) > 0 ->
    case digits(R) of
        {[_ | _] = Ds, R1} -> repl_scan(R1, [{group, erlang:list_to_integer(Ds)} | Acc]);
        _ -> erlang:error(badarg)
    end;
repl_scan(<<"\\", X, R/binary>>, Acc) when X >= $1, X =< $9 ->
    {Ds, R1} = digits(<<X, R/binary>>),
    repl_scan(R1, [{group, erlang:list_to_integer(Ds)} | Acc]);
repl_scan(<<"\\", X, R/binary>>, Acc) -> repl_scan(R, [X | Acc]);
repl_scan(<<"&", R/binary>>, Acc) -> repl_scan(R, [{group, 0} | Acc]);
repl_scan(<<X, R/binary>>, Acc) -> repl_scan(R, [X | Acc]).

digits(B) -> digits(B, []).
digits(<<D, R/binary>>, Acc) when D >= $0, D =< $9 -> digits(R, [D | Acc]);
digits(R, Acc) -> {lists:reverse(Acc), R}.

%% Runs of bytes become binaries, {group, N} the integer N.
lit_merge(L) -> lit_merge(L, [], []).

lit_merge([], [], Out) -> lists:reverse(Out);
lit_merge([], Lit, Out) -> lists:reverse([erlang:list_to_binary(lists:reverse(Lit)) | Out]);
lit_merge([{group, N} | T], Lit, Out) -> lit_merge(T, [], [N | flush(Lit, Out)]);
lit_merge([X | T], Lit, Out) -> lit_merge(T, [X | Lit], Out).

flush([], Out) -> Out;
flush(Lit, Out) -> [erlang:list_to_binary(lists:reverse(Lit)) | Out].

%% The subject with each match replaced: the untouched part before a match
%% (when there is one), the replacement, and the rest of the subject as the
%% list's tail ([] when empty).
splice(Flat, Pos, _, []) ->
    case byte_size(Flat) - Pos of
        0 -> [];
        N -> binary:part(Flat, Pos, N)
    end;
splice(Flat, Pos, Parts, [[{MPos, Len} | _] = Ov | T]) when MPos > Pos ->
    [binary:part(Flat, Pos, MPos - Pos), replacement(Flat, Parts, Ov) | splice(Flat, MPos + Len, Parts, T)];
splice(Flat, Pos, Parts, [[{_, Len} | _] = Ov | T]) ->
    [replacement(Flat, Parts, Ov) | splice(Flat, Pos + Len, Parts, T)].

replacement(_, [B], _) when is_binary(B) -> B;
replacement(Flat, Parts, Ov) ->
    Groups = erlang:list_to_tuple(Ov),
    [case P of
         N when is_integer(N), N >= tuple_size(Groups) -> <<>>;
         N when is_integer(N) ->
             case erlang:element(N + 1, Groups) of
                 {S, _} when S < 0 -> <<>>;
                 {S, L} -> binary:part(Flat, S, L)
             end;
         B -> B
     end || P <- Parts].

%% ---- split ----

split(S, RE) -> split(S, RE, []).

split(S, RE, Opts) when is_list(Opts) ->
    {Ret, Opts1} = return_opt(Opts, iodata, []),
    {Limit, Trim, Group, Opts2} = split_opts(Opts1, -1, false, false, []),
    Unicode = lists:member(unicode, Opts2) orelse mp_unicode(RE),
    Flat = subject(S, Unicode),
    {MP, NCap, ROpts} = split_pattern(RE, Opts2),
    Parts = case run(Flat, MP, ROpts ++ [global]) of
                nomatch when Group -> [[Flat]];
                nomatch -> [Flat];
                {match, Ms} ->
                    P0 = pieces(Flat, 0, Ms, NCap, Limit, Group),
                    case Trim of
                        true when Group -> trim_groups(P0);
                        true -> trim_empty(P0);
                        false -> P0
                    end
            end,
    case Group of
        true -> [convert(P, Ret, Unicode) || P <- Parts];
        false -> convert(Parts, Ret, Unicode)
    end;
split(_, _, _) -> erlang:error(badarg).

split_opts([], L, T, G, Acc) -> {L, T, G, lists:reverse(Acc)};
split_opts([trim | R], _, _, G, Acc) -> split_opts(R, -1, true, G, Acc);
split_opts([{parts, 0} | R], _, _, G, Acc) -> split_opts(R, -1, true, G, Acc);
split_opts([{parts, N} | R], _, _, G, Acc) when is_integer(N), N >= 1 -> split_opts(R, N - 1, false, G, Acc);
split_opts([{parts, infinity} | R], _, _, G, Acc) -> split_opts(R, -1, false, G, Acc);
split_opts([{parts, _} | _], _, _, _, _) -> erlang:error(badarg);
split_opts([group | R], L, T, _, Acc) -> split_opts(R, L, T, true, Acc);
split_opts([O | _], _, _, _, _) when O =:= global; O =:= report_errors -> erlang:error(badarg);
split_opts([{capture, _} | _], _, _, _, _) -> erlang:error(badarg);
split_opts([{capture, _, _} | _], _, _, _, _) -> erlang:error(badarg);
split_opts([O | R], L, T, G, Acc) -> split_opts(R, L, T, G, [O | Acc]);
split_opts(_, _, _, _, _) -> erlang:error(badarg).

%% The pattern compiled once, its group count and the run options left.
split_pattern({re_pattern, N, _, _, _} = MP, Opts) -> {MP, N, Opts};
split_pattern(RE, _) when is_tuple(RE) -> erlang:error(badarg);
split_pattern(RE, Opts) ->
    COpts = [O || O <- Opts, copt(O) =/= false],
    case compile(RE, COpts) of
        {ok, {re_pattern, N, _, _, _} = MP} ->
            {MP, N, [O || O <- Opts, copt(O) =:= false orelse shared(O)]};
        {error, _} -> erlang:error(badarg)
    end.

%% The pieces between matches (with the matches' groups after each piece),
%% at most Limit splits (-1: no limit).
pieces(Flat, Off, _, _, 0, Group) -> rest(Flat, Off, Group);
pieces(Flat, Off, [], _, _, Group) -> rest(Flat, Off, Group);
pieces(Flat, Off, _, _, _, Group) when Off >= byte_size(Flat) -> wrap(<<>>, Group);
pieces(Flat, Off, [[{MS, ML} | Sub] | T], NCap, Limit, Group) ->
    case MS =:= Off andalso ML =:= 0 andalso all_empty(Sub) of
        true -> pieces(Flat, MS + ML, T, NCap, Limit, Group);
        false ->
            Keep = binary:part(Flat, Off, MS - Off),
            Subs = [sub_value(Flat, G) || G <- pad(Sub, NCap)],
            Tail = pieces(Flat, MS + ML, T, NCap, Limit - 1, Group),
            case Group of
                true -> [[Keep | Subs] | Tail];
                false -> [Keep | Subs ++ Tail]
            end
    end.

rest(Flat, Off, Group) when Off >= byte_size(Flat) -> wrap(<<>>, Group);
rest(Flat, Off, Group) -> wrap(binary:part(Flat, Off, byte_size(Flat) - Off), Group).

wrap(B, true) -> [[B]];
wrap(B, false) -> [B].

all_empty([]) -> true;
all_empty([{_, 0} | T]) -> all_empty(T);
all_empty(_) -> false.

pad(_, 0) -> [];
pad([], N) -> [{0, 0} | pad([], N - 1)];
pad([H | T], N) -> [H | pad(T, N - 1)].

sub_value(_, {-1, 0}) -> <<>>;
sub_value(Flat, {S, L}) -> binary:part(Flat, S, L).

trim_empty(L) -> lists:reverse(drop_empty(lists:reverse(L))).

drop_empty([<<>> | T]) -> drop_empty(T);
drop_empty(L) -> L.

trim_groups(Gs) -> lists:reverse(drop_empty_groups(lists:reverse(Gs))).

drop_empty_groups([G | T] = L) ->
    case trim_empty(G) of
        [] -> drop_empty_groups(T);
        _ -> L
    end;
drop_empty_groups([]) -> [].

convert(L, list, true) -> [unicode:characters_to_list(B) || B <- L];
convert(L, list, false) -> [erlang:binary_to_list(B) || B <- L];
convert(L, _, _) -> L.
