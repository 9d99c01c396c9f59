#!/usr/bin/env escript
%% conformance.escript — the oracle for tests/conformance: compiles and runs
%% each module's main/0 in real Erlang/OTP (25) and writes FILE.expected with
%% what `hl run FILE main` must print:
%%   returned:  io_lib:format("~p~n", [Result])            (exit 0)
%%   raised:    "** exception Class: ~p~n" of the reason  (exit 1)
%% Usage: escript tests/oracle/conformance.escript tests/conformance/*.erl
-mode(compile).

main(Files) ->
    lists:foreach(fun one/1, Files).

one(File) ->
    {ok, Mod, Bin} = compile:file(File, [binary, return_errors]),
    {module, Mod} = code:load_binary(Mod, File, Bin),
    Out = try Mod:main() of
              R -> io_lib:format("~p~n", [R])
          catch
              C:R -> io_lib:format("** exception ~p: ~p~n", [C, R])
          end,
    Expected = filename:rootname(File) ++ ".expected",
    %% as erl prints to a UTF-8 terminal (standard_io in unicode mode)
    ok = file:write_file(Expected, unicode:characters_to_binary(Out)),
    code:purge(Mod),
    code:delete(Mod).
