%% lib/gen_server.erl — OTP 25's gen_server for guest processes: the start
%% functions, call/cast/reply/stop, and the server loop that drives a
%% callback module (init/1, handle_call/3, handle_cast/2, handle_info/2,
%% handle_continue/2, terminate/2) with OTP's return shapes, error reasons,
%% exit behaviour and system messages. Written for Hyperlang from OTP 25's
%% documented behaviour (docs/behaviours.md), not copied.
%%
%% A callback module is a module of the guest's own program; its functions
%% are resolved once, at start, with erlang:hl_export_fun/3 (false for one
%% it does not export, which is how the optional callbacks are detected), and
%% the loop keeps them in a tuple: a call costs a receive, one fun call and
%% one send. The same loop also runs the stdlib's own behaviours (the
%% supervisor) through start_funs/5, with their funs given directly.
-module(gen_server).
-export([start/3, start/4, start_link/3, start_link/4,
         start_monitor/3, start_monitor/4,
         call/2, call/3, cast/2, reply/2, stop/1, stop/3]).
%% stdlib-internal (not callable by guests: builtins.def lists them guest=0)
-export([start_funs/5, report/3]).

%% The callbacks, resolved at start: a tuple, so the loop reads one with
%% element/2 (no map lookup on the hot path). A guest module's tuple has an
%% eighth element (`guest`): hibernation keeps only the module's name and
%% resolves the funs again when it wakes, so a hibernated server holds no
%% funs (the stdlib's own, the supervisor's, are kept as given).
-define(MOD(CB), element(1, CB)).
-define(INIT(CB), element(2, CB)).
-define(HCALL(CB), element(3, CB)).
-define(HCAST(CB), element(4, CB)).
-define(HINFO(CB), element(5, CB)).
-define(HCONT(CB), element(6, CB)).
-define(TERM(CB), element(7, CB)).

%% What a callback that raised returns to the loop (throw is a return value,
%% as in OTP).
-define(CAUGHT, '$gen_server_caught').

%% ---------------------------------------------------------------------
%% Starting

start(Mod, Args, Opts) -> do_start(nolink, nameless, Mod, Args, Opts).
start(Name, Mod, Args, Opts) -> do_start(nolink, Name, Mod, Args, Opts).
start_link(Mod, Args, Opts) -> do_start(link, nameless, Mod, Args, Opts).
start_link(Name, Mod, Args, Opts) -> do_start(link, Name, Mod, Args, Opts).
start_monitor(Mod, Args, Opts) -> do_start(monitor, nameless, Mod, Args, Opts).
start_monitor(Name, Mod, Args, Opts) -> do_start(monitor, Name, Mod, Args, Opts).

do_start(LinkP, Name, Mod, Args, Opts) when is_atom(Mod), is_list(Opts) ->
    check_name(Name),
    %% the callbacks are resolved in the new process: the closure copied
    %% into it carries only the module's name
    start_funs(LinkP, Name, Mod, Args, Opts);
do_start(_LinkP, _Name, Mod, Args, Opts) ->
    erlang:error(badarg, [Mod, Args, Opts]).

check_name(nameless) -> ok;
check_name({local, A}) when is_atom(A) -> ok;
check_name(Name) -> erlang:error(badarg, [Name]).

%% The callback tuple of a guest module; a function it does not export is
%% `false` (a missing mandatory callback then fails with undef when it is
%% needed, as OTP's call of a missing function does).
callbacks(Mod) ->
    {Mod,
     erlang:hl_export_fun(Mod, init, 1),
     erlang:hl_export_fun(Mod, handle_call, 3),
     erlang:hl_export_fun(Mod, handle_cast, 2),
     erlang:hl_export_fun(Mod, handle_info, 2),
     erlang:hl_export_fun(Mod, handle_continue, 2),
     erlang:hl_export_fun(Mod, terminate, 2),
     guest}.

%% Starts a server of a guest module Mod, or one whose callbacks are given
%% as a tuple of funs {Mod, Init, HandleCall, HandleCast, HandleInfo,
%% HandleContinue, Terminate} (Mod then only names it in undef errors; the
%% supervisor's own callbacks come this way).
start_funs(LinkP, Name, CB, Args, Opts) ->
    gen:start(LinkP, Name,
              fun(Starter, Parent) -> init_it(Starter, Parent, Name, CB, Args) end,
              Opts).

init_it(Starter, Parent0, Name0, CB0, Args) ->
    CB = case is_atom(CB0) of
             true -> callbacks(CB0);
             false -> CB0
         end,
    Parent = case Parent0 of
                 self -> self();
                 _ -> Parent0
             end,
    Name = case Name0 of
               {local, A} -> A;
               nameless -> self()
           end,
    case run_init(CB, Args) of
        {ok, State} ->
            gen:init_ack(Starter, {ok, self()}),
            loop(Parent, Name, State, CB, infinity);
        {ok, State, Next} ->
            gen:init_ack(Starter, {ok, self()}),
            loop(Parent, Name, State, CB, Next);
        {stop, Reason} ->
            %% the name goes before the starter hears, so it may start
            %% another at once (OTP does the same)
            gen:unregister_name(Name0),
            gen:init_ack(Starter, {error, Reason}),
            exit(Reason);
        ignore ->
            gen:unregister_name(Name0),
            gen:init_ack(Starter, ignore),
            exit(normal);
        {?CAUGHT, Class, Reason, Stack} ->
            gen:unregister_name(Name0),
            gen:init_ack(Starter, {error, exit_reason(Class, Reason, Stack)}),
            erlang:raise(Class, Reason, Stack);
        Else ->
            Error = {bad_return_value, Else},
            gen:init_ack(Starter, {error, Error}),
            exit(Error)
    end.

run_init(CB, Args) ->
    case ?INIT(CB) of
        false -> {?CAUGHT, error, undef, [{?MOD(CB), init, [Args], []}]};
        Init ->
            try Init(Args)
            catch
                throw:V -> V;
                Class:Reason:Stack -> {?CAUGHT, Class, Reason, Stack}
            end
    end.

exit_reason(exit, Reason, _) -> Reason;
exit_reason(error, Reason, Stack) -> {Reason, Stack};
exit_reason(throw, Reason, Stack) -> {{nocatch, Reason}, Stack}.

%% ---------------------------------------------------------------------
%% Client side

call(Server, Request) ->
    try gen:call(Server, '$gen_call', Request, 5000) of
        {ok, Reply} -> Reply
    catch
        exit:Reason -> exit({Reason, {gen_server, call, [Server, Request]}})
    end.

call(Server, Request, Timeout) ->
    try gen:call(Server, '$gen_call', Request, Timeout) of
        {ok, Reply} -> Reply
    catch
        exit:Reason -> exit({Reason, {gen_server, call, [Server, Request, Timeout]}})
    end.

%% A cast never fails: to a dead pid or a free name it is dropped.
cast(Server, Request) when is_pid(Server) ->
    Server ! {'$gen_cast', Request},
    ok;
cast(Server, Request) when is_atom(Server) ->
    case whereis(Server) of
        undefined -> ok;
        Pid -> Pid ! {'$gen_cast', Request}, ok
    end;
cast(_Server, _Request) ->
    ok.

reply({To, Tag}, Reply) ->
    To ! {Tag, Reply},
    ok.

stop(Server) -> stop(Server, normal, infinity).

%% As OTP (proc_lib:stop/3): gen:stop/3.
stop(Server, Reason, Timeout) when Timeout =:= infinity; is_integer(Timeout), Timeout >= 0 ->
    gen:stop(Server, Reason, Timeout).

%% ---------------------------------------------------------------------
%% The server loop. Next is what the last callback asked for: infinity, a
%% time in ms, hibernate or {continue, C}.

loop(Parent, Name, State, CB, infinity) ->
    receive
        Msg -> decode(Msg, Parent, Name, State, CB)
    end;
loop(Parent, Name, State, CB, {continue, C} = Msg) ->
    R = callback2(?HCONT(CB), handle_continue, C, State, CB),
    common_reply(R, Parent, Name, Msg, State, CB);
loop(Parent, Name, State, CB, hibernate) ->
    %% erlang:hibernate/3: the stack is dropped and the heap compacted
    %% (vm/vm_hibernate.c); the next message resumes in wake_hib/4
    Hib = case tuple_size(CB) of
              8 -> ?MOD(CB);
              _ -> CB
          end,
    erlang:hl_hibernate(fun wake_hib/4, [Parent, Name, State, Hib]);
loop(Parent, Name, State, CB, Time) ->
    Msg = receive
              Input -> Input
          after Time -> timeout
          end,
    decode(Msg, Parent, Name, State, CB).

wake_hib(Parent, Name, State, Hib) ->
    CB = case is_atom(Hib) of
             true -> callbacks(Hib);
             false -> Hib
         end,
    receive
        Msg -> decode(Msg, Parent, Name, State, CB)
    end.

decode({'$gen_call', From, Request} = Msg, Parent, Name, State, CB) ->
    R = case ?HCALL(CB) of
            false -> {?CAUGHT, error, undef, [{?MOD(CB), handle_call, [Request, From, State], []}]};
            F ->
                try F(Request, From, State)
                catch
                    throw:V -> V;
                    Cl:Ex:St -> {?CAUGHT, Cl, Ex, St}
                end
        end,
    case R of
        {reply, Reply, NState} ->
            {To, Tag} = From,
            To ! {Tag, Reply},
            loop(Parent, Name, NState, CB, infinity);
        {reply, Reply, NState, Next} ->
            {To, Tag} = From,
            To ! {Tag, Reply},
            loop(Parent, Name, NState, CB, Next);
        {stop, Reason, Reply, NState} ->
            %% terminate/2 first, then the reply (also when terminate fails)
            try
                terminate(exit, Reason, [], Name, Msg, NState, CB)
            after
                reply(From, Reply)
            end;
        _ ->
            common_reply(R, Parent, Name, Msg, State, CB)
    end;
decode({'$gen_cast', Request} = Msg, Parent, Name, State, CB) ->
    R = callback2(?HCAST(CB), handle_cast, Request, State, CB),
    common_reply(R, Parent, Name, Msg, State, CB);
decode({system, From, Req}, Parent, Name, State, CB) ->
    system(running, From, Req, Parent, Name, State, CB);
decode({'EXIT', Parent, Reason} = Msg, Parent, Name, State, CB) ->
    terminate(exit, Reason, [], Name, Msg, State, CB);
decode(Msg, Parent, Name, State, CB) ->
    case ?HINFO(CB) of
        false ->
            %% OTP logs a warning and drops the message
            loop(Parent, Name, State, CB, infinity);
        F ->
            common_reply(callback2(F, handle_info, Msg, State, CB), Parent, Name, Msg, State, CB)
    end.

%% What a two-argument callback returned or threw (a throw is a return
%% value, as in OTP), or {?CAUGHT, ...} for what it raised; one the module
%% does not export (false) raises undef, as OTP's call of it would.
callback2(false, Fun, A, B, CB) ->
    {?CAUGHT, error, undef, [{?MOD(CB), Fun, [A, B], []}]};
callback2(F, _Fun, A, B, _CB) ->
    try F(A, B)
    catch
        throw:V -> V;
        Cl:Ex:St -> {?CAUGHT, Cl, Ex, St}
    end.

common_reply({noreply, NState}, Parent, Name, _Msg, _State, CB) ->
    loop(Parent, Name, NState, CB, infinity);
common_reply({noreply, NState, Next}, Parent, Name, _Msg, _State, CB) ->
    loop(Parent, Name, NState, CB, Next);
common_reply({stop, Reason, NState}, _Parent, Name, Msg, _State, CB) ->
    terminate(exit, Reason, [], Name, Msg, NState, CB);
common_reply({?CAUGHT, Class, Reason, Stack}, _Parent, Name, Msg, State, CB) ->
    terminate(Class, Reason, Stack, Name, Msg, State, CB);
common_reply(Bad, _Parent, Name, Msg, State, CB) ->
    terminate(exit, {bad_return_value, Bad}, [], Name, Msg, State, CB).

%% terminate/2 (when exported) with the exit reason, a report unless the
%% reason is normal, shutdown or {shutdown, _} (or the callback crashed),
%% then the process exits as the callback did.
terminate(Class, Reason, Stack, Name, _Msg, State, CB) ->
    Why = exit_reason(Class, Reason, Stack),
    case ?TERM(CB) of
        false -> ok;
        T ->
            try T(Why, State)
            catch
                throw:_ -> ok;
                C2:R2:S2 ->
                    report(gen_server, Name, exit_reason(C2, R2, S2)),
                    erlang:raise(C2, R2, S2)
            end
    end,
    case {Class, Reason} of
        {exit, normal} -> ok;
        {exit, shutdown} -> ok;
        {exit, {shutdown, _}} -> ok;
        _ -> report(gen_server, Name, Why)
    end,
    case Stack of
        [] when Class =:= exit -> exit(Reason);
        _ -> erlang:raise(Class, Reason, Stack)
    end.

%% The one-line crash report (docs/behaviours.md): written to the run's
%% output where OTP's logger would print an error report. Terms are written
%% as ~w, the reason to depth 30 so a huge term cannot fill the output
%% (io_lib:write is several times cheaper than a ~p format: a supervisor
%% writes one line per restart).
report(Behaviour, Name, Reason) ->
    io:put_chars(["=ERROR REPORT==== ", atom_to_list(Behaviour), " ", io_lib:write(Name),
                  " terminating: ", io_lib:write(Reason, 30), "\n"]).

%% ---------------------------------------------------------------------
%% System messages (sent by sys and by stop/3 with gen:call's protocol)

system(SysState, From, Req, Parent, Name, State, CB) ->
    case Req of
        get_state ->
            reply(From, State),
            sys_continue(SysState, Parent, Name, State, CB);
        {replace_state, Fun} ->
            {Reply, NState} = try Fun(State) of
                                  S1 -> {S1, S1}
                              catch
                                  %% OTP names its own system callback here
                                  Cl:Exc -> {{error, {callback_failed, {gen_server, system_replace_state},
                                                      {Cl, Exc}}}, State}
                              end,
            reply(From, Reply),
            sys_continue(SysState, Parent, Name, NState, CB);
        get_status ->
            reply(From, status(SysState, Parent, Name, State)),
            sys_continue(SysState, Parent, Name, State, CB);
        suspend ->
            reply(From, ok),
            sys_continue(suspended, Parent, Name, State, CB);
        resume ->
            reply(From, ok),
            sys_continue(running, Parent, Name, State, CB);
        {terminate, Reason} ->
            reply(From, ok),
            terminate(exit, Reason, [], Name, Req, State, CB);
        _ ->
            reply(From, {error, {unknown_system_msg, Req}}),
            sys_continue(SysState, Parent, Name, State, CB)
    end.

sys_continue(running, Parent, Name, State, CB) ->
    loop(Parent, Name, State, CB, infinity);
sys_continue(suspended, Parent, Name, State, CB) ->
    %% suspended: only system messages and the parent's exit are taken
    receive
        {system, From, Req} -> system(suspended, From, Req, Parent, Name, State, CB);
        {'EXIT', Parent, Reason} = Msg -> terminate(exit, Reason, [], Name, Msg, State, CB)
    end.

%% sys:get_status/1's answer, shaped as OTP's (no process dictionary here,
%% so its list is empty; no debug options, so no logged events).
status(SysState, Parent, Name, State) ->
    Header = lists:flatten(io_lib:format("Status for generic server ~w", [Name])),
    {status, self(), {module, gen_server},
     [[], SysState, Parent, [],
      [{header, Header},
       {data, [{"Status", SysState}, {"Parent", Parent}, {"Logged events", []}]},
       {data, [{"State", State}]}]]}.
