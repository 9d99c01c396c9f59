#!/usr/bin/env escript
%% -*- erlang -*-
%% ast_dump.escript — the OTP 25 side of `hl parse --dump FILE`.
%%
%% Reads FILE with epp:parse_file(File, [{location, {1,1}}]) (so every
%% location is {Line,Col}; epp scans the UTF-8 source, runs the
%% preprocessor's directives and expands the macros, as Hyperlang's front end
%% does), drops the -file attribute epp adds first and the final eof, and
%% prints every form as io:format("~w.~n", [Form]). Include directives find
%% headers next to FILE. Any scan, preprocessor or parse error goes to
%% stderr and the exit status is 1 (a -warning is not an error).
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
                L when is_list(L) -> dump_epp(File);
                _ -> {error, "not valid UTF-8"}
            end;
        {error, Why} ->
            {error, file:format_error(Why)}
    end.

dump_epp(File) ->
    case epp:parse_file(File, [{location, {1, 1}}, {includes, [filename:dirname(File)]}]) of
        {ok, [{attribute, _, file, _} | Forms0]} ->
            Forms = [F || F <- Forms0, element(1, F) =/= eof, element(1, F) =/= warning],
            case [E || {error, E} <- Forms] of
                [] ->
                    {ok, [io_lib:format("~w.~n", [F]) || F <- Forms]};
                [{Loc, Mod, Desc} | _] ->
                    {error, io_lib:format("~w: ~ts error: ~ts",
                                          [Loc, Mod, Mod:format_error(Desc)])}
            end;
        {error, Why} ->
            {error, io_lib:format("~p", [Why])}
    end.
