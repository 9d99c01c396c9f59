%% lib/gen.erl — what OTP's behaviours share (OTP 25's gen and the start
%% protocol of proc_lib), for lib/gen_server.erl and its kin: starting a
%% named process synchronously, the call protocol, replies, and reaching a
%% callback module of the program. Guests cannot call this module (its
%% allowlist entries are stdlib-only, core/builtins.def); they reach it
%% through the behaviours, which need the `processes` capability.
%% Written for Hyperlang from OTP's documented behaviour, not copied.
%%
%% Differences from OTP's gen: names are `{local, Atom}` only (no global or
%% via registry: there is one node and no registry module), From is
%% {Pid, Ref} (OTP 25 uses an alias tag; both are answered the same way,
%% Pid ! {Tag, Reply}), and the init function is a fun made by the
%% behaviour rather than an M:F:A of it (a computed call is not in the
%% language here).
-module(gen).
-export([start/4, init_ack/2, call/4, reply/2, stop/3, apply/2, callback/3, where/1,
         unregister_name/1, name/1]).

%% start(LinkP, Name, Init, Opts) -> {ok, Pid} | {ok, {Pid, Mon}} | ignore
%%     | {error, Reason}
%% LinkP: nolink | link | monitor. Name: nameless | {local, Atom}.
%% Init(Starter, Parent) runs in the new process once its name is
%% registered; it answers the starter with init_ack/2. Parent is the
%% starter's pid for link and monitor, the atom self for nolink (as OTP).
start(LinkP, Name, Init, Opts) ->
    check_name(Name),
    case where(Name) of
        undefined -> do_start(LinkP, Name, Init, timeout(Opts));
        Pid -> {error, {already_started, Pid}}
    end.

check_name(nameless) -> ok;
check_name({local, N}) when is_atom(N) -> ok;
check_name(_) -> erlang:error(badarg).

timeout(Opts) when is_list(Opts) ->
    case lists:keyfind(timeout, 1, Opts) of
        {timeout, T} -> T;
        false -> infinity
    end;
timeout(_) -> infinity.

do_start(link, Name, Init, T) ->
    Starter = self(),
    Pid = spawn_link(fun() -> init_it(Starter, Starter, Name, Init) end),
    receive
        {ack, Pid, Return} -> Return;
        {'EXIT', Pid, Reason} -> {error, Reason}
    after T ->
        kill_flush(Pid),
        {error, timeout}
    end;
do_start(nolink, Name, Init, T) ->
    Starter = self(),
    {Pid, Ref} = spawn_monitor(fun() -> init_it(Starter, self, Name, Init) end),
    receive
        {ack, Pid, Return} ->
            erlang:demonitor(Ref, [flush]),
            Return;
        {'DOWN', Ref, process, Pid, Reason} -> {error, Reason}
    after T ->
        erlang:demonitor(Ref, [flush]),
        kill_flush(Pid),
        {error, timeout}
    end;
do_start(monitor, Name, Init, T) ->
    Starter = self(),
    {Pid, Ref} = spawn_monitor(fun() -> init_it(Starter, Starter, Name, Init) end),
    receive
        {ack, Pid, {ok, Pid}} -> {ok, {Pid, Ref}};
        {ack, Pid, Return} ->
            %% the process ends after a failed start: its monitor fires
            receive {'DOWN', Ref, process, Pid, _} -> ok end,
            Return;
        {'DOWN', Ref, process, Pid, Reason} -> {error, Reason}
    after T ->
        kill_flush(Pid),
        receive {'DOWN', Ref, process, Pid, _} -> ok end,
        {error, timeout}
    end.

kill_flush(Pid) ->
    unlink(Pid),
    exit(Pid, kill),
    receive {'EXIT', Pid, _} -> ok after 0 -> ok end.

init_it(Starter, Parent, nameless, Init) ->
    Init(Starter, Parent);
init_it(Starter, Parent, {local, N}, Init) ->
    case register_name(N) of
        true -> Init(Starter, Parent);
        {false, Pid} -> init_ack(Starter, {error, {already_started, Pid}})
    end.

register_name(N) ->
    try register(N, self()) of
        true -> true
    catch
        error:_ -> {false, whereis(N)}
    end.

%% The child's answer to the process that started it.
init_ack(Starter, Return) ->
    Starter ! {ack, self(), Return},
    ok.

where(nameless) -> undefined;
where({local, N}) -> whereis(N);
where(N) when is_atom(N) -> whereis(N);
where(Pid) when is_pid(Pid) -> Pid.

%% What OTP passes as a process's name to callbacks and reports: the
%% registered name or the pid.
name(nameless) -> self();
name({local, N}) -> N.

unregister_name({local, N}) ->
    try unregister(N) catch _:_ -> ok end,
    ok;
unregister_name(_) -> ok.

%% call(Process, Label, Request, Timeout) -> {ok, Reply}; exits with
%% noproc, timeout, calling_self, or the reason the server died with.
call(Process, Label, Request, Timeout) when is_pid(Process) ->
    do_call(Process, Label, Request, Timeout);
call(Name, Label, Request, Timeout) when is_atom(Name) ->
    case whereis(Name) of
        undefined -> exit(noproc);
        Pid -> do_call(Pid, Label, Request, Timeout)
    end;
call(_Process, _Label, _Request, _Timeout) ->
    exit(noproc).

do_call(Pid, Label, Request, Timeout) ->
    Pid =/= self() orelse exit(calling_self),
    Ref = erlang:monitor(process, Pid),
    Pid ! {Label, {self(), Ref}, Request},
    receive
        {Ref, Reply} ->
            erlang:demonitor(Ref, [flush]),
            {ok, Reply};
        {'DOWN', Ref, _, _, Reason} ->
            exit(Reason)
    after Timeout ->
        erlang:demonitor(Ref, [flush]),
        %% a reply that raced the timeout is still taken, as in OTP
        receive
            {Ref, Reply} -> {ok, Reply}
        after 0 ->
            %% a reply later than this is dropped, as OTP 25 drops one
            %% sent to the call's alias after its demonitor
            erlang:hl_drop_reply(Ref),
            exit(timeout)
        end
    end.

%% proc_lib:stop/3 for every behaviour: asks Process (a pid or a
%% registered name) to terminate with Reason (a system message the loop
%% answers before it terminates) and waits for it to be gone; ok when it
%% exited with Reason, else exits with its reason; noproc when there is no
%% such process; timeout past Timeout (the answer and the exit share it).
stop(Process, Reason, Timeout) ->
    Pid = case Process of
              _ when is_pid(Process) -> Process;
              _ ->
                  case whereis(Process) of
                      undefined -> exit(noproc);
                      P -> P
                  end
          end,
    Mref = erlang:monitor(process, Pid),
    Pid ! {system, {self(), Mref}, {terminate, Reason}},
    receive
        {'DOWN', Mref, _, _, Why} ->
            receive {Mref, _} -> ok after 0 -> ok end,
            if
                Why =:= Reason -> ok;
                true -> exit(Why)
            end
    after Timeout ->
        erlang:demonitor(Mref, [flush]),
        receive {Mref, _} -> ok after 0 -> ok end,
        exit(timeout)
    end.

reply({To, Tag}, Reply) ->
    try To ! {Tag, Reply} catch _:_ -> ok end,
    ok.

%% The fun of Module:Function/Arity when a module of the program exports
%% it, else false (OTP's erlang:function_exported/3 answer). Behaviours
%% look their callbacks up once and keep the funs.
callback(Module, Function, Arity) ->
    erlang:hl_export_fun(Module, Function, Arity).

%% apply/2 for a fun and a list of its arguments (erlang:apply/2 is not in
%% the language here). A wrong count raises badarity, as apply/2 would.
%% One function per argument count: a single function of eleven list
%% clauses made the codegen name 91 x registers, and every process of a
%% program whose modules import this one (the behaviours) then cleared,
%% saved and scanned 91 registers (the image's x_span, vm/load.h).
apply(F, Args) when is_list(Args) ->
    case length(Args) of
        0 -> F();
        1 -> a1(F, Args);
        2 -> a2(F, Args);
        3 -> a3(F, Args);
        4 -> a4(F, Args);
        5 -> a5(F, Args);
        6 -> a6(F, Args);
        7 -> a7(F, Args);
        8 -> a8(F, Args);
        9 -> a9(F, Args);
        10 -> a10(F, Args);
        _ -> erlang:error(system_limit)
    end;
apply(_F, _Args) -> erlang:error(badarg).

a1(F, [A]) -> F(A).
a2(F, [A, B]) -> F(A, B).
a3(F, [A, B, C]) -> F(A, B, C).
a4(F, [A, B, C, D]) -> F(A, B, C, D).
a5(F, [A, B, C, D, E]) -> F(A, B, C, D, E).
a6(F, [A, B, C, D, E, G]) -> F(A, B, C, D, E, G).
a7(F, [A, B, C, D, E, G, H]) -> F(A, B, C, D, E, G, H).
a8(F, [A, B, C, D, E, G, H, I]) -> F(A, B, C, D, E, G, H, I).
a9(F, [A, B, C, D, E, G, H, I, J]) -> F(A, B, C, D, E, G, H, I, J).
a10(F, [A, B, C, D, E, G, H, I, J, K]) -> F(A, B, C, D, E, G, H, I, J, K).
