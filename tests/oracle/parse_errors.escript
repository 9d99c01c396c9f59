#!/usr/bin/env escript
%% parse_errors.escript FILE... — the first error OTP 25 reports for each
%% file, as `FILE LINE:COL: MESSAGE` (or `FILE OK`, or `FILE SCAN` for a
%% scanner error). Same front half as ast_dump.escript: erl_scan:string/2
%% with {1,1}, ?MODULE replaced (located at MODULE, as epp does), tokens split
%% at each dot, parse_form/1.
%% Used to make tests/data/parse/mutants.txt.
main(Files) -> [one(F) || F <- Files], ok.
one(File) ->
    {ok, Bin} = file:read_file(File),
    Src = unicode:characters_to_list(Bin),
    case erl_scan:string(Src, {1,1}) of
        {ok, Toks0, _} ->
            Toks = expand(Toks0, modname(Toks0)),
            io:format("~s ~ts~n", [File, first(split(Toks, [], []))]);
        {error, _, _} -> io:format("~s SCAN~n", [File])
    end.
modname([{'-',_},{atom,_,module},{'(',_},{atom,_,N}|_]) -> N;
modname([_|T]) -> modname(T);
modname([]) -> none.
expand([{'?',_},{var,L,'MODULE'}|T], M) when M =/= none -> [{atom,L,M}|expand(T,M)];
expand([H|T], M) -> [H|expand(T,M)];
expand([], _) -> [].
split([{dot,_}=D|T], C, A) -> split(T, [], [lists:reverse([D|C])|A]);
split([H|T], C, A) -> split(T, [H|C], A);
split([], [], A) -> lists:reverse(A);
split([], C, A) -> lists:reverse([lists:reverse(C)|A]).
first([]) -> "OK";
first([P|Ps]) ->
    case erl_parse:parse_form(P) of
        {ok, _} -> first(Ps);
        {error, {{L,C}, M, D}} -> io_lib:format("~w:~w: ~ts", [L, C, M:format_error(D)]);
        {error, {L, M, D}} -> io_lib:format("~w: ~ts", [L, M:format_error(D)])
    end.
