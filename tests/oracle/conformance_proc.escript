#!/usr/bin/env escript
%% conformance_proc.escript — the oracle for tests/conformance_proc (programs
%% that spawn processes): compiles each module, runs its main/0 in real
%% Erlang/OTP (25) and writes FILE.expected with what
%% `hl run --grant processes FILE main` must print. The format is that of
%% tests/oracle/conformance.escript:
%%   returned:  io_lib:format("~p~n", [Result])            (exit 0)
%%   raised:    "** exception Class: ~p~n" of the reason  (exit 1)
%% preceded by whatever the program's processes wrote before main/0 ended.
%% What differs, because processes are involved:
%%   - main/0 runs in a fresh process (not linked to anything, not trapping
%%     exits, empty mailbox, no registered name), as `hl run` runs it;
%%   - if that process is killed by an exit signal (a link, exit/2) before
%%     main/0 returns, the file records "** exception exit: ~p~n" of the
%%     signal's reason (as the shell reports it);
%%   - when main/0 ends, every process the program left is killed (`hl run`
%%     stops them), so registered names and timers do not leak into the
%%     next program;
%%   - any process's write after main/0 ended, a main/0 that does not end
%%     within 10 s, or a pid, port or reference in the output is an error:
%%     the program is not deterministic and no file is written.
%% Crash reports of processes that die abnormally (OTP's logger) are not
%% part of the output: the logger is silenced.
%% Usage: escript tests/oracle/conformance_proc.escript [--outdir DIR] FILE.erl...
%%   (--outdir: write NAME.expected into DIR instead of next to the source)
-mode(compile).

main(Args) ->
    ok = logger:set_primary_config(level, none),
    {OutDir, Files} = case Args of
        ["--outdir", D | Fs] -> {D, Fs};
        Fs -> {none, Fs}
    end,
    Bad = [F || F <- Files, one(F, OutDir) =/= ok],
    case Bad of
        [] -> ok;
        _ -> io:format(standard_error, "~b program(s) failed: ~p~n", [length(Bad), Bad]),
             halt(1)
    end.

one(Path, OutDir) ->
    Mod = load(Path),
    Expected = case OutDir of
        none -> filename:rootname(Path) ++ ".expected";
        _ -> filename:join(OutDir, filename:basename(Path, ".erl") ++ ".expected")
    end,
    Res = run(Mod, Path, Expected),
    code:purge(Mod), code:delete(Mod),
    Res.

load(File) ->
    {ok, Mod, Bin} = compile:file(File, [binary, return_errors]),
    {module, Mod} = code:load_binary(Mod, File, Bin),
    Mod.

run(Mod, Path, Expected) ->
    Leader = spawn(fun() -> leader([], 0) end),
    Self = self(),
    {Pid, MRef} = spawn_monitor(fun() ->
        group_leader(Leader, self()),
        Out = try Mod:main() of
                  R -> {returned, R}
              catch
                  C:R -> {raised, C, R}
              end,
        Self ! {main_done, self(), Out}
    end),
    Outcome = receive
        {main_done, Pid, O} -> erlang:demonitor(MRef, [flush]), O;
        {'DOWN', MRef, process, Pid, Reason} -> {raised, exit, Reason}
    after 10000 ->
        exit(Pid, kill),
        timeout
    end,
    Leader ! mark,
    stop_leftovers(Leader),
    Leader ! {done, self()},
    {Written, Late} = receive {written, W, L} -> {W, L} end,
    Text = case Outcome of
        {returned, R1} -> io_lib:format("~p~n", [R1]);
        {raised, C1, R1} -> io_lib:format("** exception ~p: ~p~n", [C1, R1]);
        timeout -> ""
    end,
    Bin = iolist_to_binary([Written, unicode:characters_to_binary(Text)]),
    Opaque = binary:match(Bin, [<<"<0.">>, <<"#Ref<">>, <<"#Port<">>, <<"#Fun<">>]),
    if
        Outcome =:= timeout ->
            io:format(standard_error, "~s: main/0 did not end within 10 s~n", [Path]), error;
        Late > 0 ->
            io:format(standard_error, "~s: ~b write(s) after main/0 ended~n", [Path, Late]), error;
        Opaque =/= nomatch ->
            io:format(standard_error, "~s: a pid, reference, port or fun is printed:~n~s~n", [Path, Bin]), error;
        true ->
            ok = file:write_file(Expected, Bin)
    end.

%% Kills every process whose group leader is this program's (the processes
%% its processes spawned), and waits until they are gone.
stop_leftovers(Leader) ->
    Left = [P || P <- erlang:processes(), P =/= Leader,
                 erlang:process_info(P, group_leader) =:= {group_leader, Leader}],
    Refs = [begin R = monitor(process, P), exit(P, kill), R end || P <- Left],
    [receive {'DOWN', R, process, _, _} -> ok end || R <- Refs],
    ok.

%% A minimal io server: put_chars requests are kept as UTF-8 binaries (a
%% request that fails, e.g. a bad format, is an error reply: the caller's
%% io:format raises badarg, as with a real terminal). After `mark` (main/0
%% ended) writes are only counted.
leader(Acc, Late) ->
    receive
        {io_request, From, ReplyAs, Req} ->
            {Reply, Acc1} = request(Req, Acc),
            From ! {io_reply, ReplyAs, Reply},
            case Late of
                0 -> leader(Acc1, 0);
                _ -> leader(Acc, Late + 1)
            end;
        mark ->
            leader(Acc, 1);
        {done, Pid} ->
            Pid ! {written, lists:reverse(Acc), max(Late - 1, 0)}
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
