#!/usr/bin/env escript
%% conformance.escript — the oracle for tests/conformance: compiles and runs
%% each module's main/0 in real Erlang/OTP (25) and writes FILE.expected with
%% what `hl run FILE main` must print:
%%   returned:  io_lib:format("~p~n", [Result])            (exit 0)
%%   raised:    "** exception Class: ~p~n" of the reason  (exit 1)
%% preceded by whatever main/0 wrote (io:format, io:put_chars, ...), which a
%% group leader process collects as UTF-8 (hl run prints it first).
%% Usage: escript tests/oracle/conformance.escript tests/conformance/*.erl
%% A directory DIR (tests/conformance/multi/NAME) is a program of several
%% modules: every DIR/*.erl is loaded, NAME:main() runs, and DIR.expected
%% is written (what `hl run DIR/NAME.erl DIR/OTHER.erl... main` prints).
-mode(compile).

main(Files) ->
    lists:foreach(fun one/1, Files).

one(Path) ->
    {Mod, Loaded, Expected} = case filelib:is_dir(Path) of
        true ->
            Dir = string:trim(Path, trailing, "/"),
            Mods = [load(F) || F <- lists:sort(filelib:wildcard(filename:join(Dir, "*.erl")))],
            {list_to_atom(filename:basename(Dir)), Mods, Dir ++ ".expected"};
        false ->
            M = load(Path),
            {M, [M], filename:rootname(Path) ++ ".expected"}
    end,
    run(Mod, Expected),
    [begin code:purge(M1), code:delete(M1) end || M1 <- Loaded].

load(File) ->
    {ok, Mod, Bin} = compile:file(File, [binary, return_errors]),
    {module, Mod} = code:load_binary(Mod, File, Bin),
    Mod.

run(Mod, Expected) ->
    Old = group_leader(),
    Leader = spawn(fun() -> leader([]) end),
    group_leader(Leader, self()),
    Out = try Mod:main() of
              R -> io_lib:format("~p~n", [R])
          catch
              C:R -> io_lib:format("** exception ~p: ~p~n", [C, R])
          end,
    group_leader(Old, self()),
    Leader ! {done, self()},
    Written = receive {written, W} -> W end,
    %% as erl prints to a UTF-8 terminal (standard_io in unicode mode)
    ok = file:write_file(Expected, [Written, unicode:characters_to_binary(Out)]).

%% A minimal io server: put_chars requests are kept as UTF-8 binaries (a
%% request that fails, e.g. a bad format, is an error reply: the caller's
%% io:format raises badarg, as with a real terminal).
leader(Acc) ->
    receive
        {io_request, From, ReplyAs, Req} ->
            {Reply, Acc1} = request(Req, Acc),
            From ! {io_reply, ReplyAs, Reply},
            leader(Acc1);
        {done, Pid} ->
            Pid ! {written, lists:reverse(Acc)}
    end.

request({put_chars, Enc, Chars}, Acc) -> put(Enc, fun() -> Chars end, Acc);
request({put_chars, Enc, M, F, A}, Acc) -> put(Enc, fun() -> apply(M, F, A) end, Acc);
request({put_chars, Chars}, Acc) -> put(latin1, fun() -> Chars end, Acc);
request({put_chars, M, F, A}, Acc) -> put(latin1, fun() -> apply(M, F, A) end, Acc);
request({requests, Rs}, Acc) ->
    lists:foldl(fun(R, {ok, A}) -> request(R, A); (_, Err) -> Err end, {ok, Acc}, Rs);
request(_, Acc) -> {{error, request}, Acc}.

put(Enc, Make, Acc) ->
    try unicode:characters_to_binary(Make(), Enc, utf8) of
        B when is_binary(B) -> {ok, [B | Acc]};
        _ -> {{error, put_chars}, Acc}
    catch
        _:_ -> {{error, put_chars}, Acc}
    end.
