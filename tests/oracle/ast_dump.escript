#!/usr/bin/env escript
%% -*- erlang -*-
%% ast_dump.escript — the OTP 25 side of `hl parse --dump FILE`.
%%
%% Reads FILE as UTF-8, scans it with erl_scan:string(Src, {1,1}) (so every
%% location is {Line,Col}), replaces each `?` `MODULE` token pair by the
%% module-name atom located at the `?` (the only macro Hyperlang expands;
%% the name comes from the file's -module(Name) attribute), splits the
%% tokens at each `dot` token, parses each piece with erl_parse:parse_form/1
%% and prints every form as io:format("~w.~n", [Form]). No epp, no other
%% preprocessing. Any scan or parse error goes to stderr and the exit status
%% is 1.
%%
%% Output encoding: the characters io_lib:format returns are written as UTF-8.
%% ~w escapes every atom character above 255 as \x{...} and prints strings as
%% integer lists, so the only non-ASCII characters that can appear are
%% U+0080..U+00FF inside atoms (e.g. 'héllo' prints as h\xe9llo unquoted),
%% and they come out as two UTF-8 bytes each (not as raw Latin-1 bytes, which
%% is what escript would write by default).
%%
%% Usage:
%%   escript tests/oracle/ast_dump.escript FILE.erl          (to stdout)
%%   escript tests/oracle/ast_dump.escript --write F.erl...  (writes F.ast
%%                                 next to each F.erl; one VM for all files)
%%   escript tests/oracle/ast_dump.escript --reject F.erl... (each file must
%%                                 be one OTP rejects: prints "F: error" per
%%                                 file; exit 1 if OTP accepts any of them)
main(["--reject" | Files]) ->
    ok = io:setopts(standard_io, [{encoding, unicode}]),
    Accepted = [F || F <- Files, reject_one(F) =/= ok],
    halt(case Accepted of [] -> 0; _ -> 1 end);
main(["--write" | Files]) ->
    Bad = [F || F <- Files, write_one(F) =/= ok],
    halt(case Bad of [] -> 0; _ -> 1 end);
main([File]) ->
    case dump(File) of
        {ok, Out} ->
            ok = io:setopts(standard_io, [{encoding, unicode}]),
            ok = io:put_chars(standard_io, Out),
            halt(0);
        {error, Msg} ->
            io:format(standard_error, "~ts: ~ts~n", [File, Msg]),
            halt(1)
    end;
main(_) ->
    io:format(standard_error,
              "usage: ast_dump.escript FILE | --write FILE...~n", []),
    halt(1).

reject_one(File) ->
    case dump(File) of
        {ok, _} ->
            io:format(standard_error, "~ts: OTP 25 accepts this file~n", [File]),
            error;
        {error, Msg} ->
            io:format("~ts: ~ts~n", [filename:basename(File), Msg])
    end.

write_one(File) ->
    case dump(File) of
        {ok, Out} ->
            Dest = filename:rootname(File, ".erl") ++ ".ast",
            ok = file:write_file(Dest, unicode:characters_to_binary(Out));
        {error, Msg} ->
            io:format(standard_error, "~ts: ~ts~n", [File, Msg]),
            error
    end.

dump(File) ->
    case file:read_file(File) of
        {ok, Bin} ->
            case unicode:characters_to_list(Bin, utf8) of
                Src when is_list(Src) -> dump_src(Src);
                _ -> {error, "not valid UTF-8"}
            end;
        {error, Why} ->
            {error, file:format_error(Why)}
    end.

dump_src(Src) ->
    case erl_scan:string(Src, {1, 1}) of
        {ok, Toks0, _End} ->
            Toks = expand_module(Toks0, module_name(Toks0)),
            parse_forms(split_dots(Toks, [], []), []);
        {error, {Loc, Mod, Desc}, _} ->
            {error, io_lib:format("~w: scan error: ~ts",
                                  [Loc, Mod:format_error(Desc)])}
    end.

%% The name in the file's `-module(Name).` attribute, if any.
module_name([{'-', _}, {atom, _, module}, {'(', _}, {atom, _, Name} | _]) ->
    {ok, Name};
module_name([_ | T]) -> module_name(T);
module_name([]) -> none.

expand_module([{'?', L}, {var, _, 'MODULE'} | T], {ok, Name} = M) ->
    [{atom, L, Name} | expand_module(T, M)];
expand_module([Tok | T], M) -> [Tok | expand_module(T, M)];
expand_module([], _) -> [].

split_dots([{dot, _} = D | T], Cur, Acc) ->
    split_dots(T, [], [lists:reverse([D | Cur]) | Acc]);
split_dots([Tok | T], Cur, Acc) -> split_dots(T, [Tok | Cur], Acc);
split_dots([], [], Acc) -> lists:reverse(Acc);
split_dots([], Cur, Acc) -> lists:reverse([lists:reverse(Cur) | Acc]).

parse_forms([P | Ps], Acc) ->
    case erl_parse:parse_form(P) of
        {ok, F} ->
            parse_forms(Ps, [io_lib:format("~w.~n", [F]) | Acc]);
        {error, {Loc, Mod, Desc}} ->
            {error, io_lib:format("~w: parse error: ~ts",
                                  [Loc, Mod:format_error(Desc)])}
    end;
parse_forms([], Acc) ->
    {ok, lists:reverse(Acc)}.
