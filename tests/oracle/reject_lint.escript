#!/usr/bin/env escript
%% Prints OTP's own compile errors for tests/reject/*.erl, one line each as
%% `FILE:LINE:COL: error: MESSAGE` (first line of multi-line messages), so
%% tests/reject/run.sh can check that our diagnostics agree with erlc's
%% wherever OTP rejects the same program (tests/reject/erlc.txt).
%% Usage: escript reject_lint.escript tests/reject/*.erl > tests/reject/erlc.txt
-mode(compile).

main(Files) ->
    lists:foreach(fun lint/1, lists:sort(Files)).

lint(F) ->
    case compile:file(F, [return_errors, strong_validation, binary]) of
        {error, Es, _Ws} ->
            [pr(filename:basename(F), Loc, M, D) || {_File, Ds} <- Es, {Loc, M, D} <- Ds];
        _ -> ok
    end.

pr(Base, {L, C}, M, D) ->
    Text = lists:flatten(io_lib:format("~ts", [M:format_error(D)])),
    First = hd(string:split(Text, "\n")),
    io:format("~ts:~w:~w: error: ~ts~n", [Base, L, C, First]);
pr(Base, L, M, D) when is_integer(L) ->
    pr(Base, {L, 0}, M, D);
pr(_, _, _, _) -> ok.
