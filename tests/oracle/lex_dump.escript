#!/usr/bin/env escript
%% lex_dump.escript — the lexer oracle: prints what OTP's erl_scan makes of a
%% UTF-8 source file, one token per line, in the canonical format that
%% tests/unit/test_lex.c also produces from hl_lex:
%%
%%   Line:Col kind [value]
%%
%% kind is erl_scan's category (atom, var, integer, ->, dot, ...); value is
%% present for atom/var/string ("..." with every code point outside
%% 0x21..0x7E, and '"' and '\', written as \x{HEX}), char (the code point),
%% integer (decimal) and float (~w text). Errors print as
%% "Line:Col error Message" with erl_scan:format_error's text; scanning then
%% resumes where erl_scan says it stopped (as epp does), and the tokens that
%% preceded the error inside the same form are kept. The last line is
%% "Line:Col eof" with the end location.
%%
%% Usage: escript lex_dump.escript FILE.erl > FILE.tokens
%%    or: escript lex_dump.escript A.erl B.erl ...   (writes A.tokens, B.tokens)
-mode(compile).


main([File]) ->
    ok = io:setopts([{encoding, unicode}]),
    dump(File);
main(Files) ->
    %% Several files: each one's dump goes to FILE.tokens (FILE minus .erl).
    lists:foreach(
      fun(File) ->
              {ok, Dev} = file:open(filename:rootname(File) ++ ".tokens",
                                    [write, {encoding, unicode}]),
              Leader = group_leader(),
              group_leader(Dev, self()),
              try dump(File) after group_leader(Leader, self()), file:close(Dev) end
      end, Files).

dump(File) ->
    {ok, Bin} = file:read_file(File),
    Chars = unicode:characters_to_list(Bin),
    true = is_list(Chars),
    loop(Chars, {1, 1}).

loop(eof, Loc) -> eof(Loc);
loop(Chars, Loc) ->
    case step(Chars, Loc) of
        {{ok, Toks, End}, Rest} ->
            lists:foreach(fun tok/1, Toks),
            loop(Rest, End);
        {{eof, End}, _} ->
            eof(End);
        {{error, {ELoc, Mod, Desc}, End}, Rest} ->
            lists:foreach(fun tok/1, before(Chars, Loc, ELoc)),
            {EL, EC} = ELoc,
            io:format("~w:~w error ~ts~n", [EL, EC, Mod:format_error(Desc)]),
            loop(Rest, End)
    end.

eof({L, C}) -> io:format("~w:~w eof~n", [L, C]).

%% One erl_scan:tokens/3 call, fed eof when it asks for more.
step(Chars, Loc) ->
    case erl_scan:tokens([], Chars, Loc) of
        {done, Res, Rest} -> {Res, Rest};
        {more, Cont} ->
            {done, Res, Rest} = erl_scan:tokens(Cont, eof, Loc),
            {Res, Rest}
    end.

%% The tokens scanned before error location ELoc: scan the text up to it;
%% if that cuts a string/atom/char open, cut again at its start. A '.' that
%% the cut left at the end reads as a dot there, but is followed by the
%% erroneous text in the file (never white space; '%' only when a comment
%% holds the error).
before(Chars, Loc, ELoc) ->
    {Prefix, Rest} = prefix(Chars, Loc, ELoc, []),
    case erl_scan:string(Prefix, Loc) of
        {ok, Toks, _} ->
            case {lists:reverse(Toks), Rest} of
                {[{dot, A} | T], [C | _]} when C =/= $% -> lists:reverse(T, [{'.', A}]);
                _ -> Toks
            end;
        {error, {SLoc, _, _}, _} when SLoc =/= ELoc -> before(Chars, Loc, SLoc);
        {error, _, _} -> []
    end.

prefix(Cs, Loc, Loc, Acc) -> {lists:reverse(Acc), Cs};
prefix([$\n | Cs], {L, _}, E, Acc) -> prefix(Cs, {L + 1, 1}, E, [$\n | Acc]);
prefix([C | Cs], {L, Col}, E, Acc) -> prefix(Cs, {L, Col + 1}, E, [C | Acc]);
prefix([], _, _, Acc) -> {lists:reverse(Acc), []}.

tok({Cat, {L, C}}) -> io:format("~w:~w ~ts~n", [L, C, atom_to_list(Cat)]);
tok({Cat, {L, C}, V}) ->
    io:format("~w:~w ~ts ~ts~n", [L, C, atom_to_list(Cat), val(Cat, V)]).

val(atom, A) -> text(atom_to_list(A));
val(var, A) -> text(atom_to_list(A));
val(string, S) -> text(S);
val(char, C) -> integer_to_list(C);
val(integer, I) -> integer_to_list(I);
val(float, F) -> io_lib:format("~w", [F]).

text(Cs) -> [$", [esc(C) || C <- Cs], $"].

esc(C) when C >= 16#21, C =< 16#7E, C =/= $", C =/= $\\ -> C;
esc(C) -> ["\\x{", integer_to_list(C, 16), "}"].
