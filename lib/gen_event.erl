%% gen_event.erl — OTP 25's event manager (gen_event), written for Hyperlang
%% from OTP's documented behaviour. A manager is a process that holds a list
%% of installed handlers (callback module, optional id, state, supervising
%% pid) and feeds them every event, call and stray message in order. Like
%% OTP's, it is not a gen_server: its own loop, started through lib/gen.erl.
%%
%% A handler's callbacks are resolved once, when it is installed
%% (erlang:hl_export_fun/3: a handler module is one of the program's own
%% modules), and kept in its record, so an event costs a fun call per
%% handler. Callbacks run under `catch` as OTP runs them: a thrown value is
%% taken as the callback's return value, an exception is a crash
%% ({'EXIT', Reason}) that removes the handler after calling its
%% terminate/2 with {error, {'EXIT', Reason}}; the manager keeps running.
%%
%% What differs from OTP (docs/behaviours.md, §6-7): hibernation is accepted
%% in every return shape but does not compact the process; debug options,
%% format_status/1,2 and code_change are not supported; a crash is reported
%% by one line in the guest's output (=ERROR REPORT==== ...), not by the
%% logger; names are `{local, Atom}` only.
-module(gen_event).

-export([start/0, start/1, start/2,
         start_link/0, start_link/1, start_link/2,
         start_monitor/0, start_monitor/1, start_monitor/2,
         stop/1, stop/3,
         notify/2, sync_notify/2,
         add_handler/3, add_sup_handler/3, delete_handler/3,
         swap_handler/3, swap_sup_handler/3,
         which_handlers/1, call/3, call/4]).

%% One installed handler. The callback funs are false when the module does
%% not export the callback (init/1 is only needed once, at install time).
-record(handler, {module,
                  id = false,
                  state,
                  supervised = false,
                  event = false,
                  call = false,
                  info = false,
                  term = false}).

%% The loop's constant part: the parent (self() when started without a
%% link), the name used in reports and get_status, and the process that
%% started the manager (get_status's ancestors).
-record(mgr, {parent, name, starter}).

%%% ------------------------------------------------------------------
%%% Starting and stopping
%%% ------------------------------------------------------------------

start() -> do_start(nolink, nameless, []).

start(Name) when is_tuple(Name) -> do_start(nolink, Name, []);
start(Options) when is_list(Options) -> do_start(nolink, nameless, Options).

start(Name, Options) -> do_start(nolink, Name, Options).

start_link() -> do_start(link, nameless, []).

start_link(Name) when is_tuple(Name) -> do_start(link, Name, []);
start_link(Options) when is_list(Options) -> do_start(link, nameless, Options).

start_link(Name, Options) -> do_start(link, Name, Options).

start_monitor() -> do_start(monitor, nameless, []).

start_monitor(Name) when is_tuple(Name) -> do_start(monitor, Name, []);
start_monitor(Options) when is_list(Options) -> do_start(monitor, nameless, Options).

start_monitor(Name, Options) -> do_start(monitor, Name, Options).

do_start(LinkP, Name, Options) ->
    gen:start(LinkP, Name,
              fun(Starter, Parent) -> init_it(Starter, Parent, Name) end,
              Options).

init_it(Starter, self, Name) ->
    init_it(Starter, self(), Name);
init_it(Starter, Parent, Name) ->
    process_flag(trap_exit, true),
    SName = case Name of
                {local, N} -> N;
                _ -> self()
            end,
    gen:init_ack(Starter, {ok, self()}),
    loop(#mgr{parent = Parent, name = SName, starter = Starter}, []).

%% stop/1,3: as OTP's gen:stop/proc_lib:stop: the manager is asked to
%% terminate with a system message (it terminates every handler with
%% `stop`, then exits with Reason) and the caller waits for it to be gone.
stop(M) -> stop(M, normal, infinity).

stop(M, Reason, Timeout)
  when Timeout =:= infinity; is_integer(Timeout), Timeout >= 0 ->
    gen:stop(M, Reason, Timeout).

%%% ------------------------------------------------------------------
%%% Requests (OTP's message shapes: {notify, Event} and
%%% {CallerPid, From, Request} through gen:call)
%%% ------------------------------------------------------------------

add_handler(M, Handler, Args) -> rpc(M, {add_handler, Handler, Args}).

add_sup_handler(M, Handler, Args) ->
    rpc(M, {add_sup_handler, Handler, Args, self()}).

notify(M, Event) ->
    M ! {notify, Event},
    ok.

sync_notify(M, Event) -> rpc(M, {sync_notify, Event}).

delete_handler(M, Handler, Args) -> rpc(M, {delete_handler, Handler, Args}).

swap_handler(M, {H1, A1}, {H2, A2}) -> rpc(M, {swap_handler, H1, A1, H2, A2}).

swap_sup_handler(M, {H1, A1}, {H2, A2}) ->
    rpc(M, {swap_sup_handler, H1, A1, H2, A2, self()}).

which_handlers(M) -> rpc(M, which_handlers).

call(M, Handler, Query) ->
    try gen:call(M, self(), {call, Handler, Query}, 5000) of
        {ok, Res} -> Res
    catch
        exit:Reason -> exit({Reason, {gen_event, call, [M, Handler, Query]}})
    end.

call(M, Handler, Query, Timeout) ->
    try gen:call(M, self(), {call, Handler, Query}, Timeout) of
        {ok, Res} -> Res
    catch
        exit:Reason ->
            exit({Reason, {gen_event, call, [M, Handler, Query, Timeout]}})
    end.

%% The manager's own requests wait forever and let gen:call's exit through
%% unwrapped (noproc, the manager's exit reason), as OTP's do.
rpc(M, Cmd) ->
    {ok, Reply} = gen:call(M, self(), Cmd, infinity),
    Reply.

%%% ------------------------------------------------------------------
%%% The manager's loop
%%% ------------------------------------------------------------------

loop(S, MSL) ->
    receive
        Msg -> decode(Msg, S, MSL)
    end.

decode(Msg, #mgr{parent = Parent} = S, MSL) ->
    case Msg of
        {system, From, Req} ->
            system(Req, From, running, S, MSL);
        {'EXIT', Parent, Reason} ->
            terminate_server(Reason, S, MSL);
        {notify, Event} ->
            loop(S, notify_all(Event, event, MSL, S));
        {_, From, {sync_notify, Event}} ->
            MSL1 = notify_all(Event, event, MSL, S),
            gen:reply(From, ok),
            loop(S, MSL1);
        {'EXIT', Pid, Reason} ->
            MSL1 = terminate_supervised(Pid, Reason, MSL, S),
            loop(S, notify_all(Msg, info, MSL1, S));
        {_, From, {call, Handler, Query}} ->
            {Reply, MSL1} = server_call(Handler, Query, MSL, S),
            gen:reply(From, Reply),
            loop(S, MSL1);
        {_, From, {add_handler, Handler, Args}} ->
            {Reply, MSL1} = add(Handler, Args, false, MSL),
            gen:reply(From, Reply),
            loop(S, MSL1);
        {_, From, {add_sup_handler, Handler, Args, Sup}} ->
            link(Sup),
            {Reply, MSL1} = add(Handler, Args, Sup, MSL),
            gen:reply(From, Reply),
            loop(S, MSL1);
        {_, From, {delete_handler, Handler, Args}} ->
            {Reply, MSL1} = server_delete(Handler, Args, MSL, S),
            gen:reply(From, Reply),
            loop(S, MSL1);
        {_, From, {swap_handler, H1, A1, H2, A2}} ->
            {Reply, MSL1} = server_swap(H1, A1, H2, A2, false, MSL, S),
            gen:reply(From, Reply),
            loop(S, MSL1);
        {_, From, {swap_sup_handler, H1, A1, H2, A2, Sup}} ->
            {Reply, MSL1} = server_swap(H1, A1, H2, A2, Sup, MSL, S),
            gen:reply(From, Reply),
            loop(S, MSL1);
        {_, From, stop} ->
            catch terminate_server(normal, S, MSL),
            gen:reply(From, ok);
        {_, From, which_handlers} ->
            gen:reply(From, [handler_id(H) || H <- MSL]),
            loop(S, MSL);
        {_, From, get_modules} ->
            gen:reply(From, lists:usort([H#handler.module || H <- MSL])),
            loop(S, MSL);
        _ ->
            loop(S, notify_all(Msg, info, MSL, S))
    end.

terminate_server(Reason, #mgr{parent = Parent} = S, MSL) ->
    lists:foreach(fun(H) ->
                          do_terminate(H, stop, H#handler.state, S, shutdown)
                  end, MSL),
    %% supervising processes are told by a gen_event_EXIT message, not by
    %% the manager's exit signal
    lists:foreach(fun(#handler{supervised = Sup}) when is_pid(Sup), Sup =/= Parent ->
                          unlink(Sup);
                     (_) -> ok
                  end, MSL),
    report_exit(Reason, S),
    exit(Reason).

%%% ------------------------------------------------------------------
%%% System messages (sys, docs/behaviours.md): the state is the list of
%%% {Module, Id, State} of the installed handlers
%%% ------------------------------------------------------------------

system(Req, From, SysState, S, MSL) ->
    case Req of
        suspend ->
            gen:reply(From, ok),
            suspended(S, MSL);
        resume ->
            gen:reply(From, ok),
            loop(S, MSL);
        get_state ->
            gen:reply(From, [{M, I, St} || #handler{module = M, id = I, state = St} <- MSL]),
            continue(SysState, S, MSL);
        {replace_state, Fun} ->
            {MSL1, States} = replace_states(Fun, MSL, [], []),
            gen:reply(From, States),
            continue(SysState, S, MSL1);
        get_status ->
            gen:reply(From, status(SysState, S, MSL)),
            continue(SysState, S, MSL);
        {terminate, Reason} ->
            gen:reply(From, ok),
            terminate_server(Reason, S, MSL);
        Other ->
            gen:reply(From, {error, {unknown_system_msg, Other}}),
            continue(SysState, S, MSL)
    end.

continue(running, S, MSL) -> loop(S, MSL);
continue(suspended, S, MSL) -> suspended(S, MSL).

%% Suspended: only system messages and the parent's exit are taken; the
%% rest waits in the mailbox until resume.
suspended(#mgr{parent = Parent} = S, MSL) ->
    receive
        {system, From, Req} -> system(Req, From, suspended, S, MSL);
        {'EXIT', Parent, Reason} -> terminate_server(Reason, S, MSL)
    end.

%% A handler whose fun fails or returns another {Module, Id, _} keeps its
%% state, as in OTP.
replace_states(_Fun, [], Acc, States) ->
    {lists:reverse(Acc), lists:reverse(States)};
replace_states(Fun, [#handler{module = M, id = I, state = St} = H | T], Acc, States) ->
    Cur = {M, I, St},
    try Fun(Cur) of
        {M, I, NS} = New ->
            replace_states(Fun, T, [H#handler{state = NS} | Acc], [New | States]);
        _ ->
            replace_states(Fun, T, [H | Acc], [Cur | States])
    catch
        _:_ ->
            replace_states(Fun, T, [H | Acc], [Cur | States])
    end.

%% sys:get_status/1,2: OTP's shape, {status, Pid, {module, gen_event},
%% [PDict, SysState, Parent, Debug, Misc]}. There is no process
%% dictionary: PDict lists what OTP's proc_lib puts there.
status(SysState, #mgr{parent = Parent, name = Name, starter = Starter}, MSL) ->
    PDict = [{'$ancestors', [Starter]}, {'$initial_call', {gen_event, init_it, 6}}],
    Header = case Name of
                 _ when is_atom(Name) ->
                     "Status for event handler " ++ atom_to_list(Name);
                 _ ->
                     lists:flatten(io_lib:format("Status for event handler ~w", [Name]))
             end,
    Handlers = [{handler, M, I, St, Sup}
                || #handler{module = M, id = I, state = St, supervised = Sup} <- MSL],
    {status, self(), {module, gen_event},
     [PDict, SysState, Parent, [],
      [{header, Header},
       {data, [{"Status", SysState}, {"Logged Events", []}, {"Parent", Parent}]},
       {items, {"Installed handlers", Handlers}}]]}.

%%% ------------------------------------------------------------------
%%% Installing, removing and swapping handlers
%%% ------------------------------------------------------------------

%% A new handler record for Handler (Module or {Module, Id}) with its
%% callbacks resolved, and its init fun (false when absent).
new_handler({Mod, Id}, Sup) -> new_handler(Mod, Id, Sup);
new_handler(Mod, Sup) -> new_handler(Mod, false, Sup).

new_handler(Mod, Id, Sup) when is_atom(Mod) ->
    {erlang:hl_export_fun(Mod, init, 1),
     #handler{module = Mod, id = Id, supervised = Sup,
              event = erlang:hl_export_fun(Mod, handle_event, 2),
              call = erlang:hl_export_fun(Mod, handle_call, 2),
              info = erlang:hl_export_fun(Mod, handle_info, 2),
              term = erlang:hl_export_fun(Mod, terminate, 2)}};
new_handler(Mod, Id, Sup) ->
    {false, #handler{module = Mod, id = Id, supervised = Sup}}.

call_init(false, #handler{module = Mod}, Args) ->
    {'EXIT', {undef, [{Mod, init, [Args], []}]}};
call_init(Init, _H, Args) ->
    catch Init(Args).

%% add_handler, add_sup_handler: the new handler goes first in the list;
%% whatever else init/1 returns is the reply and nothing is installed.
add(Handler, Args, Sup, MSL) ->
    {Init, H} = new_handler(Handler, Sup),
    case call_init(Init, H, Args) of
        {ok, State} -> {ok, [H#handler{state = State} | MSL]};
        {ok, State, hibernate} -> {ok, [H#handler{state = State} | MSL]};
        Other -> {Other, MSL}
    end.

server_delete(Handler, Args, MSL, S) ->
    case split(Handler, MSL, []) of
        {H, MSL1} -> {do_terminate(H, Args, H#handler.state, S, normal), MSL1};
        error -> {{error, module_not_found}, MSL}
    end.

%% swap_handler/3 and swap_sup_handler/3 (Sup =/= false): the old handler's
%% terminate/2 result is handed to the new one's init/1 as {Args2, Result}
%% (`error` when the old handler is not installed); the new handler is
%% supervised by Sup, or by whoever supervised the old one.
server_swap(H1, A1, H2, A2, Sup, MSL, S) ->
    {State2, OldSup, MSL1} =
        case split(H1, MSL, []) of
            {H, Rest} ->
                NewSup = case Sup of
                             false -> H#handler.supervised;
                             _ -> Sup
                         end,
                {do_terminate(H, A1, H#handler.state, S, {swapped, H2, NewSup}),
                 H#handler.supervised, Rest};
            error ->
                {error, false, MSL}
        end,
    NewSup2 = case Sup of
                  false -> OldSup;
                  _ -> Sup
              end,
    case NewSup2 of
        false -> ok;
        _ -> link(NewSup2)
    end,
    case add(H2, {A2, State2}, NewSup2, MSL1) of
        {ok, MSL2} -> {ok, MSL2};
        {What, MSL2} -> {{error, What}, MSL2}
    end.

%% A swap asked by a callback's return value: the new handler takes the
%% old one's place and supervisor; only {ok, State} from its init/1 counts
%% as success (as in OTP).
do_swap(H1, Args1, State1, Handler2, Args2, S) ->
    Sup = H1#handler.supervised,
    State2 = do_terminate(H1, Args1, State1, S, {swapped, Handler2, Sup}),
    {Init, H} = new_handler(Handler2, Sup),
    case call_init(Init, H, {Args2, State2}) of
        {ok, State2a} -> {ok, H#handler{state = State2a}};
        _Other ->
            %% OTP reports this failure with the reason `crash`
            report(H, crash, S),
            no
    end.

%% The supervising process died: its handlers are terminated with
%% {stop, Reason}.
terminate_supervised(Pid, Reason, MSL, S) ->
    lists:filter(fun(#handler{supervised = Sup} = H) when Sup =:= Pid ->
                         do_terminate(H, {stop, Reason}, H#handler.state, S, shutdown),
                         false;
                    (_) -> true
                 end, MSL).

%%% ------------------------------------------------------------------
%%% Events, infos and calls
%%% ------------------------------------------------------------------

%% Every handler in list order; Kind is event (handle_event/2) or info
%% (handle_info/2).
notify_all(_Event, _Kind, [], _S) -> [];
notify_all(Event, Kind, [H | T], S) ->
    case update(H, Kind, Event, S) of
        {ok, H1} -> [H1 | notify_all(Event, Kind, T, S)];
        no -> notify_all(Event, Kind, T, S)
    end.

update(#handler{state = State} = H, Kind, Event, S) ->
    Res = case Kind of
              event -> cb2(H#handler.event, H, handle_event, Event, State);
              info ->
                  case H#handler.info of
                      %% OTP logs a warning and keeps the handler
                      false -> {ok, State};
                      F -> catch F(Event, State)
                  end
          end,
    case Res of
        {ok, State1} ->
            {ok, H#handler{state = State1}};
        {ok, State1, hibernate} ->
            {ok, H#handler{state = State1}};
        {swap_handler, Args1, State1, Handler2, Args2} ->
            do_swap(H, Args1, State1, Handler2, Args2, S);
        remove_handler ->
            do_terminate(H, remove_handler, State, S, normal),
            no;
        Other ->
            do_terminate(H, {error, Other}, State, S, crash),
            no
    end.

cb2(false, #handler{module = Mod}, Name, A, B) ->
    {'EXIT', {undef, [{Mod, Name, [A, B], []}]}};
cb2(F, _H, _Name, A, B) ->
    catch F(A, B).

server_call(Handler, Query, MSL, S) ->
    case search(Handler, MSL) of
        {ok, #handler{state = State} = H} ->
            case cb2(H#handler.call, H, handle_call, Query, State) of
                {ok, Reply, State1} ->
                    {Reply, replace(Handler, MSL, H#handler{state = State1})};
                {ok, Reply, State1, hibernate} ->
                    {Reply, replace(Handler, MSL, H#handler{state = State1})};
                {swap_handler, Reply, Args1, State1, Handler2, Args2} ->
                    case do_swap(H, Args1, State1, Handler2, Args2, S) of
                        {ok, H2} -> {Reply, replace(Handler, MSL, H2)};
                        no -> {Reply, delete(Handler, MSL)}
                    end;
                {remove_handler, Reply} ->
                    do_terminate(H, remove_handler, State, S, normal),
                    {Reply, delete(Handler, MSL)};
                Other ->
                    do_terminate(H, {error, Other}, State, S, crash),
                    {{error, Other}, delete(Handler, MSL)}
            end;
        false ->
            {{error, bad_module}, MSL}
    end.

%%% ------------------------------------------------------------------
%%% Terminating a handler, and telling its supervisor
%%% ------------------------------------------------------------------

%% Calls terminate/2 (when exported) under catch and returns its result;
%% How says why the handler goes: normal, shutdown, {swapped, H2, Sup}, or
%% crash (Args is then {error, Reason}).
do_terminate(H, Args, State, S, How) ->
    Res = case H#handler.term of
              false -> ok;
              F -> catch F(Args, State)
          end,
    Reason = case {How, Args} of
                 {crash, {error, Why}} -> Why;
                 _ -> How
             end,
    report(H, Reason, S),
    Res.

report(H, Reason, S) ->
    case Reason of
        normal -> ok;
        shutdown -> ok;
        {swapped, _, _} -> ok;
        _ ->
            Why = case Reason of
                      {'EXIT', R} -> R;
                      R -> R
                  end,
            io:format("=ERROR REPORT==== gen_event ~0p handler ~0p terminating: ~0p~n",
                      [S#mgr.name, handler_id(H), Why])
    end,
    case H#handler.supervised of
        false -> ok;
        Pid -> Pid ! {gen_event_EXIT, handler_id(H), Reason}, ok
    end.

%% The manager itself exits with a reason other than normal, shutdown or
%% {shutdown, _}: OTP's proc_lib writes a crash report.
report_exit(normal, _S) -> ok;
report_exit(shutdown, _S) -> ok;
report_exit({shutdown, _}, _S) -> ok;
report_exit(Reason, S) ->
    io:format("=ERROR REPORT==== gen_event ~0p terminating: ~0p~n", [S#mgr.name, Reason]).

handler_id(#handler{module = M, id = false}) -> M;
handler_id(#handler{module = M, id = I}) -> {M, I}.

%%% ------------------------------------------------------------------
%%% The handler list: Module matches a handler without id, {Module, Id}
%%% the one with that id
%%% ------------------------------------------------------------------

matches({M, I}, #handler{module = M, id = I}) -> true;
matches(M, #handler{module = M, id = false}) -> true;
matches(_, _) -> false.

split(_Handler, [], _Acc) -> error;
split(Handler, [H | T], Acc) ->
    case matches(Handler, H) of
        true -> {H, lists:reverse(Acc, T)};
        false -> split(Handler, T, [H | Acc])
    end.

search(_Handler, []) -> false;
search(Handler, [H | T]) ->
    case matches(Handler, H) of
        true -> {ok, H};
        false -> search(Handler, T)
    end.

delete(_Handler, []) -> [];
delete(Handler, [H | T]) ->
    case matches(Handler, H) of
        true -> T;
        false -> [H | delete(Handler, T)]
    end.

replace(_Handler, [], NewH) -> [NewH];
replace(Handler, [H | T], NewH) ->
    case matches(Handler, H) of
        true -> [NewH | T];
        false -> [H | replace(Handler, T, NewH)]
    end.
