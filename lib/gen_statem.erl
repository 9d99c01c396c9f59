%% gen_statem.erl — OTP 25's gen_statem behaviour, written for Hyperlang
%% from OTP's documentation and its observable behaviour (checked by
%% tests/conformance_otp/statem_*.erl against erl; never copied).
%%
%% What it owns: the API (start*, call, cast, reply, stop), the server
%% loop of a state machine and its event queue: both callback modes, state
%% enter calls, every transition action (reply, postpone, next_event,
%% event / state / generic timeouts with infinity, update and cancel,
%% hibernate, change/push/pop_callback_module), the return shapes of
%% state callbacks, terminate/3, the system messages of the behaviour
%% contract (docs/behaviours.md, §5) and the one-line crash report.
%%
%% How it differs from OTP (see docs/behaviours.md, §5): callbacks are
%% resolved with erlang:hl_export_fun/3 (there is no M:F(...) with a
%% computed M); handle_event/4, terminate/3 and the current state
%% function are looked up once and kept in the loop, as the gen_server
%% round trip must stay as fast as BEAM's; the hibernate action compacts
%% the process while it waits (erlang:hl_hibernate/2, OTP's
%% erlang:hibernate/3); {abs, true} timeouts are refused as bad
%% actions (no absolute clock without the clocks capability); sys debug
%% options, enter_loop, send_request and format_status are not provided.
%%
%% The engine mirrors OTP's order of work for one event exactly, because
%% programs observe it: the state callback, then its actions in list order
%% (replies sent at once, the rest collected), then a state enter call
%% (its actions collected after the transition's), then the transition
%% (postponed events put back first on a state change, the event and state
%% timeouts cancelled), then the timeouts from the last action backwards
%% (the last of a type wins), then the inserted events in front of the
%% queue; zero timeouts run when the queue is empty, before any message.
-module(gen_statem).

-export([start/3, start/4, start_link/3, start_link/4,
         start_monitor/3, start_monitor/4,
         stop/1, stop/3, cast/2, call/2, call/3, reply/1, reply/2]).

%% Rarely changing parameters of one machine.
-record(p, {parent,
            name,
            mod,
            mode = state_functions,
            enter = false,
            hef = false,        % handle_event/4 fun (handle_event_function)
            term = false,       % terminate/3 fun, or false
            modules = []}).     % the callback module stack (push/pop)

%% The machine's changing state between events. timers maps a timeout
%% type to {Ref, Msg}; Ref is 0 for a zero timeout, which waits in t0q (in
%% the order it was set) instead of in the VM's timer heap.
-record(s, {state,
            data,
            postponed = [],
            timers = #{},
            t0q = [],
            hib = false,
            sf = none}).        % {StateName, Fun} of the last state function

%%% ---------------------------------------------------------------------
%%% API

start(Mod, Args, Opts) -> do_start(nolink, nameless, Mod, Args, Opts).
start(Name, Mod, Args, Opts) -> do_start(nolink, Name, Mod, Args, Opts).
start_link(Mod, Args, Opts) -> do_start(link, nameless, Mod, Args, Opts).
start_link(Name, Mod, Args, Opts) -> do_start(link, Name, Mod, Args, Opts).
start_monitor(Mod, Args, Opts) -> do_start(monitor, nameless, Mod, Args, Opts).
start_monitor(Name, Mod, Args, Opts) -> do_start(monitor, Name, Mod, Args, Opts).

do_start(LinkP, Name, Mod, Args, Opts) ->
    gen:start(LinkP, Name,
              fun(Starter, Parent) -> init_it(Starter, Parent, Name, Mod, Args) end,
              Opts).

stop(Ref) -> stop(Ref, normal, infinity).

%% As OTP's proc_lib:stop/3: a {terminate, Reason} system message, then
%% wait for the process to be gone with that reason.
stop(Ref, Reason, Timeout)
  when Timeout =:= infinity; is_integer(Timeout), Timeout >= 0 ->
    case where(Ref) of
        undefined -> exit(noproc);
        Pid -> gen:stop(Pid, Reason, Timeout)
    end.

cast(Ref, Msg) when is_pid(Ref) ->
    Ref ! {'$gen_cast', Msg},
    ok;
cast(Ref, Msg) when is_atom(Ref) ->
    send_name(Ref, {'$gen_cast', Msg});
cast({Name, nonode@nohost}, Msg) when is_atom(Name) ->
    send_name(Name, {'$gen_cast', Msg});
cast({Name, Node}, _Msg) when is_atom(Name), is_atom(Node) ->
    ok.

send_name(Name, Msg) ->
    try erlang:send(Name, Msg) catch error:_ -> ok end,
    ok.

call(Ref, Request) -> call(Ref, Request, infinity).

call(Ref, Request, infinity) ->
    do_call(Ref, Request, infinity, infinity);
call(Ref, Request, {dirty_timeout, T} = Timeout) ->
    do_call(Ref, Request, Timeout, T);
call(Ref, Request, {clean_timeout, T} = Timeout) ->
    %% local calls need no proxy (OTP 25 does the same for local ones)
    do_call(Ref, Request, Timeout, T);
call(Ref, Request, {_, _} = Timeout) ->
    erlang:error(badarg, [Ref, Request, Timeout]);
call(Ref, Request, Timeout) ->
    do_call(Ref, Request, Timeout, Timeout).

do_call(Ref, Request, Timeout, T) ->
    try gen:call(call_target(Ref), '$gen_call', Request, T) of
        {ok, Reply} -> Reply
    catch
        exit:Reason ->
            exit({Reason, {gen_statem, call, [Ref, Request, Timeout]}})
    end.

%% {Name, Node}: this node is nonode@nohost (no distribution here).
call_target({Name, nonode@nohost}) when is_atom(Name) -> Name;
call_target({Name, Node}) when is_atom(Name), is_atom(Node) -> exit({nodedown, Node});
call_target(Ref) -> Ref.

where(Pid) when is_pid(Pid) -> Pid;
where(Name) when is_atom(Name) -> erlang:whereis(Name);
where({Name, nonode@nohost}) when is_atom(Name) -> erlang:whereis(Name);
where({Name, Node}) when is_atom(Name), is_atom(Node) -> exit({nodedown, Node}).

reply({reply, From, Reply}) -> reply(From, Reply);
reply(Replies) when is_list(Replies) -> replies(Replies).

reply(From, Reply) -> gen:reply(From, Reply).

replies([{reply, From, Reply} | Rs]) ->
    gen:reply(From, Reply),
    replies(Rs);
replies([]) ->
    ok.

%%% ---------------------------------------------------------------------
%%% Start: init/1 in the new process (called by gen:start)

init_it(Starter, Parent0, Name, Mod, Args) ->
    Parent = case Parent0 of self -> self(); _ -> Parent0 end,
    PName = case Name of {local, N} -> N; _ -> self() end,
    P = #p{parent = Parent, name = PName, mod = Mod, modules = [Mod]},
    try call_init(Mod, Args) of
        Result -> init_result(Starter, Name, P, Result)
    catch
        throw:Result -> init_result(Starter, Name, P, Result);
        Class:Reason:Stack ->
            gen:unregister_name(Name),
            gen:init_ack(Starter, {error, Reason}),
            report(P, Reason),
            erlang:raise(Class, Reason, Stack)
    end.

call_init(Mod, Args) ->
    case erlang:hl_export_fun(Mod, init, 1) of
        false -> erlang:error(undef);
        F -> F(Args)
    end.

init_result(Starter, Name, P, Result) ->
    case Result of
        {ok, State, Data} ->
            gen:init_ack(Starter, {ok, self()}),
            enter(P, State, Data, []);
        {ok, State, Data, Actions} ->
            gen:init_ack(Starter, {ok, self()}),
            enter(P, State, Data, Actions);
        {stop, Reason} ->
            gen:unregister_name(Name),
            gen:init_ack(Starter, {error, Reason}),
            exit(Reason);
        ignore ->
            gen:unregister_name(Name),
            gen:init_ack(Starter, ignore),
            exit(normal);
        _ ->
            gen:unregister_name(Name),
            Error = {bad_return_from_init, Result},
            gen:init_ack(Starter, {error, Error}),
            report(P, Error),
            exit(Error)
    end.

%% The machine starts as if an {internal, init_state} event had been
%% handled with init/1's actions ({postpone, false} forced) and a state
%% change to the first state (so the first state gets an enter call).
enter(P0, State, Data, Actions) ->
    S = #s{state = State, data = Data},
    Q = [{internal, init_state}],
    case callback_mode(P0, P0#p.modules) of
        #p{} = P ->
            actions(P, S, Q, State, Data, [], false, [], false, true, true,
                    listify(Actions) ++ [{postpone, false}]);
        {Class, Reason, Stack} ->
            terminate(Class, Reason, Stack, P0, S, Q)
    end.

%% Resolves the callback module's functions (once per module change) and
%% its callback mode.
callback_mode(P, [Mod | _] = Modules) ->
    P1 = P#p{mod = Mod, modules = Modules,
             hef = erlang:hl_export_fun(Mod, handle_event, 4),
             term = erlang:hl_export_fun(Mod, terminate, 3)},
    try call_callback_mode(Mod) of
        R -> callback_mode_result(P1, R)
    catch
        throw:R -> callback_mode_result(P1, R);
        Class:Reason:Stack -> {Class, Reason, Stack}
    end.

call_callback_mode(Mod) ->
    case erlang:hl_export_fun(Mod, callback_mode, 0) of
        false -> erlang:error(undef);
        F -> F()
    end.

callback_mode_result(P, R) ->
    callback_mode_result(P, R, listify(R), undefined, false).

callback_mode_result(P, R, [H | T], Mode, Enter) ->
    case H of
        state_functions -> callback_mode_result(P, R, T, H, Enter);
        handle_event_function -> callback_mode_result(P, R, T, H, Enter);
        state_enter -> callback_mode_result(P, R, T, Mode, true);
        _ -> {error, {bad_return_from_callback_mode, R}, []}
    end;
callback_mode_result(P, R, [], Mode, Enter) ->
    case Mode of
        undefined -> {error, {bad_return_from_callback_mode, R}, []};
        _ -> P#p{mode = Mode, enter = Enter}
    end.

%%% ---------------------------------------------------------------------
%%% The receive loop

%% (Calls and casts matched here directly: the first message is taken
%% either way, there is a catch-all clause.)
loop(P, #s{hib = true} = S) ->
    %% erlang:hibernate/3 (vm/vm_hibernate.c): the stack is dropped and the
    %% heap compacted; the next message resumes in wake/2
    erlang:hl_hibernate(fun wake/2, [P, S]);
loop(P, S) ->
    wake(P, S).

wake(P, S) ->
    receive
        {'$gen_call', From, Request} -> event(P, S, {call, From}, Request, []);
        {'$gen_cast', Cast} -> event(P, S, cast, Cast, []);
        Msg -> msg(P, S, Msg)
    end.

msg(P, #s{timers = Timers} = S, {timeout, Ref, Type} = Msg) when is_reference(Ref) ->
    case Timers of
        #{Type := {Ref, TMsg}} ->
            event(P, S#s{timers = maps:remove(Type, Timers)}, Type, TMsg, []);
        _ ->
            event(P, S, info, Msg, [])
    end;
msg(P, S, {system, From, Req}) ->
    system(P, S, From, Req, running);
msg(#p{parent = Parent} = P, S, {'EXIT', Parent, Reason}) ->
    terminate(exit, Reason, [], P, S, []);
msg(P, S, Msg) ->
    event(P, S, info, Msg, []).

%% Handle one event (received, inserted or retried); Q is the rest of the
%% queue. The event heads the queue while it is handled (terminate/3 and
%% postpone take it from there).
event(#p{mode = handle_event_function} = P, #s{state = State, data = Data} = S,
      Type, Content, Q) ->
    callback(P, S, [{Type, Content} | Q], State, Data, [], false, [], false, true,
             Type, Content);
event(P, #s{state = State, data = Data, sf = Sf} = S0, Type, Content, Q) ->
    %% state_functions: the current state's function is kept in the loop
    %% state and looked up again only after a change of state
    S = case Sf of
            {State, _} -> S0;
            _ -> S0#s{sf = {State, state_fun(P#p.mod, State)}}
        end,
    callback(P, S, [{Type, Content} | Q], State, Data, [], false, [], false, true,
             Type, Content).

%% Calls the state callback (SC: a state call, false for an enter call)
%% for State/Data, with the actions collected so far.
callback(#p{hef = F} = P, S, Q, State, Data, NE, Hib, TO, PP, SC, Type, Content)
  when P#p.mode =:= handle_event_function, F =/= false ->
    try F(Type, Content, State, Data) of
        R -> result(P, S, Q, State, Data, NE, Hib, TO, PP, SC, R)
    catch
        throw:R -> result(P, S, Q, State, Data, NE, Hib, TO, PP, SC, R);
        Class:Reason:Stack -> terminate(Class, Reason, Stack, P, S, Q)
    end;
callback(P, S, Q, State, Data, NE, Hib, TO, PP, SC, Type, Content) ->
    try invoke(P, S, State, Type, Content, Data) of
        R -> result(P, S, Q, State, Data, NE, Hib, TO, PP, SC, R)
    catch
        throw:R -> result(P, S, Q, State, Data, NE, Hib, TO, PP, SC, R);
        Class:Reason:Stack -> terminate(Class, Reason, Stack, P, S, Q)
    end.

invoke(#p{mode = handle_event_function, hef = F}, _S, State, Type, Content, Data) ->
    case F of
        false -> erlang:error(undef);
        _ -> F(Type, Content, State, Data)
    end;
invoke(#p{mod = Mod}, #s{sf = Sf}, State, Type, Content, Data) ->
    F = case Sf of
            {State, F0} -> F0;
            _ -> state_fun(Mod, State)
        end,
    case F of
        false -> erlang:error(undef);
        badarg -> erlang:error(badarg);
        _ -> F(Type, Content, Data)
    end.

%% The state function's fun, or what calling it raises (undef when the
%% module does not export it, badarg when the state is not an atom), so
%% the error is raised inside the callback's try, as OTP's M:F() does.
state_fun(Mod, State) when is_atom(State) -> erlang:hl_export_fun(Mod, State, 3);
state_fun(_, _) -> badarg.

%% The state callback's result. State is the state it was called in (for
%% an enter call, the state being entered).
result(P, S, Q, State, Data, NE, Hib, TO, PP, SC, R) ->
    case R of
        %% the shapes that keep the state first (the usual answer to a call)
        {keep_state_and_data, Actions} ->
            actions(P, S, Q, State, Data, NE, Hib, TO, PP, false, SC, listify(Actions));
        {keep_state, NewData} ->
            actions_done(P, S, Q, State, NewData, NE, Hib, TO, PP, false);
        {next_state, State, NewData} ->
            actions_done(P, S, Q, State, NewData, NE, Hib, TO, PP, false);
        {next_state, NextState, NewData} when SC ->
            actions_done(P, S, Q, NextState, NewData, NE, Hib, TO, PP, true);
        {next_state, _, _} ->
            bad(bad_state_enter_return_from_state_function, R, P, S, Q, State, Data, Hib);
        {next_state, State, NewData, Actions} ->
            actions(P, S, Q, State, NewData, NE, Hib, TO, PP, false, SC, listify(Actions));
        {next_state, NextState, NewData, Actions} when SC ->
            actions(P, S, Q, NextState, NewData, NE, Hib, TO, PP, true, SC, listify(Actions));
        {next_state, _, _, _} ->
            bad(bad_state_enter_return_from_state_function, R, P, S, Q, State, Data, Hib);
        {keep_state, NewData, Actions} ->
            actions(P, S, Q, State, NewData, NE, Hib, TO, PP, false, SC, listify(Actions));
        keep_state_and_data ->
            actions_done(P, S, Q, State, Data, NE, Hib, TO, PP, false);
        {repeat_state, NewData} ->
            actions_done(P, S, Q, State, NewData, NE, Hib, TO, PP, true);
        {repeat_state, NewData, Actions} ->
            actions(P, S, Q, State, NewData, NE, Hib, TO, PP, true, SC, listify(Actions));
        repeat_state_and_data ->
            actions_done(P, S, Q, State, Data, NE, Hib, TO, PP, true);
        {repeat_state_and_data, Actions} ->
            actions(P, S, Q, State, Data, NE, Hib, TO, PP, true, SC, listify(Actions));
        stop ->
            terminate(exit, normal, [], P, S#s{state = State, data = Data, hib = Hib}, Q);
        {stop, Reason} ->
            terminate(exit, Reason, [], P, S#s{state = State, data = Data, hib = Hib}, Q);
        {stop, Reason, NewData} ->
            terminate(exit, Reason, [], P, S#s{state = State, data = NewData, hib = Hib}, Q);
        {stop_and_reply, Reason, Replies} ->
            stop_replies(Reason, P, S#s{state = State, data = Data, hib = Hib}, Q,
                         listify(Replies));
        {stop_and_reply, Reason, Replies, NewData} ->
            stop_replies(Reason, P, S#s{state = State, data = NewData, hib = Hib}, Q,
                         listify(Replies));
        _ ->
            bad(bad_return_from_state_function, R, P, S, Q, State, Data, Hib)
    end.

bad(Tag, What, P, S, Q, State, Data, Hib) ->
    terminate(error, {Tag, What}, [], P, S#s{state = State, data = Data, hib = Hib}, Q).

stop_replies(Reason, P, S, Q, [R | Rs]) ->
    case R of
        {reply, From, Reply} ->
            case is_from(From) of
                true ->
                    send_reply(From, Reply),
                    stop_replies(Reason, P, S, Q, Rs);
                false ->
                    terminate(error, {bad_reply_action_from_state_function, R}, [], P, S, Q)
            end;
        _ ->
            terminate(error, {bad_reply_action_from_state_function, R}, [], P, S, Q)
    end;
stop_replies(Reason, P, S, Q, []) ->
    terminate(exit, Reason, [], P, S, Q).

%%% ---------------------------------------------------------------------
%%% Actions
%%% NS/ND: the next state and data; NE: inserted events, newest first;
%%% TO: timeout actions, newest first; PP: postpone; CE: an enter call is
%%% due (state change or repeat); SC: a state call (not an enter call).

actions(P, S, Q, NS, ND, NE, Hib, TO, PP, CE, _SC, []) ->
    actions_done(P, S, Q, NS, ND, NE, Hib, TO, PP, CE);
actions(P, S, Q, NS, ND, NE, Hib, TO, PP, CE, SC, [A | As]) ->
    case A of
        {reply, {Pid, Tag}, Reply} when is_pid(Pid) ->
            Pid ! {Tag, Reply},
            actions(P, S, Q, NS, ND, NE, Hib, TO, PP, CE, SC, As);
        {reply, _, _} ->
            bad(bad_action_from_state_function, A, P, S, Q, NS, ND, Hib);
        {hibernate, H} when is_boolean(H) ->
            actions(P, S, Q, NS, ND, NE, H, TO, PP, CE, SC, As);
        hibernate ->
            actions(P, S, Q, NS, ND, NE, true, TO, PP, CE, SC, As);
        {postpone, false} ->
            actions(P, S, Q, NS, ND, NE, Hib, TO, false, CE, SC, As);
        {postpone, true} when SC ->
            actions(P, S, Q, NS, ND, NE, Hib, TO, true, CE, SC, As);
        postpone when SC ->
            actions(P, S, Q, NS, ND, NE, Hib, TO, true, CE, SC, As);
        postpone ->
            bad(bad_state_enter_action_from_state_function, A, P, S, Q, NS, ND, Hib);
        {next_event, Type, Content} ->
            case SC andalso is_event_type(Type) of
                true ->
                    actions(P, S, Q, NS, ND, [{Type, Content} | NE], Hib, TO, PP, CE, SC, As);
                false when SC ->
                    bad(bad_action_from_state_function, A, P, S, Q, NS, ND, Hib);
                false ->
                    bad(bad_state_enter_action_from_state_function, A, P, S, Q, NS, ND, Hib)
            end;
        {change_callback_module, Mod} when is_atom(Mod) ->
            module_action(P, S, Q, NS, ND, NE, Hib, TO, PP, CE, SC, As, A,
                          [Mod | tl(P#p.modules)]);
        {push_callback_module, Mod} when is_atom(Mod) ->
            module_action(P, S, Q, NS, ND, NE, Hib, TO, PP, CE, SC, As, A,
                          [Mod | P#p.modules]);
        pop_callback_module when tl(P#p.modules) =/= [] ->
            module_action(P, S, Q, NS, ND, NE, Hib, TO, PP, CE, SC, As, A,
                          tl(P#p.modules));
        _ ->
            case timeout_action(A) of
                false -> bad(bad_action_from_state_function, A, P, S, Q, NS, ND, Hib);
                T -> actions(P, S, Q, NS, ND, NE, Hib, [T | TO], PP, CE, SC, As)
            end
    end.

module_action(P, S, Q, NS, ND, NE, Hib, TO, PP, CE, SC, As, A, Modules) ->
    case SC of
        true ->
            case callback_mode(P, Modules) of
                #p{} = P1 ->
                    actions(P1, S#s{sf = none}, Q, NS, ND, NE, Hib, TO, PP, CE, SC, As);
                {Class, Reason, Stack} ->
                    terminate(Class, Reason, Stack, P, S#s{state = NS, data = ND, hib = Hib}, Q)
            end;
        false ->
            bad(bad_state_enter_action_from_state_function, A, P, S, Q, NS, ND, Hib)
    end.

%% A timeout action as {Type, Time, Msg} (Time a relative time, infinity
%% or update), or false when it is not one.
timeout_action({Type, Time, Msg, Opts}) ->
    case is_timeout_type(Type) of
        true ->
            case abs_opt(listify(Opts), false) =:= false andalso is_relative(Time) of
                true -> {Type, Time, Msg};
                false -> false
            end;
        false ->
            false
    end;
timeout_action({Type, Time, _Msg} = T) ->
    case is_timeout_type(Type) andalso (is_relative(Time) orelse Time =:= update) of
        true -> T;
        false -> false
    end;
timeout_action({Type, cancel}) ->
    case is_timeout_type(Type) of
        true -> {Type, infinity, undefined};
        false -> false
    end;
timeout_action(Time) ->
    case is_relative(Time) of
        true -> {timeout, Time, Time};
        false -> false
    end.

%% {abs, true} needs an absolute clock: refused (see the module comment).
abs_opt([], Abs) -> Abs;
abs_opt([{abs, A} | T], _) when is_boolean(A) -> abs_opt(T, A);
abs_opt(_, _) -> badarg.

is_relative(T) -> (is_integer(T) andalso T >= 0) orelse T =:= infinity.

is_timeout_type(timeout) -> true;
is_timeout_type(state_timeout) -> true;
is_timeout_type({timeout, _}) -> true;
is_timeout_type(_) -> false.

is_from({Pid, _}) when is_pid(Pid) -> true;
is_from(_) -> false.

is_event_type({call, From}) -> is_from(From);
is_event_type(cast) -> true;
is_event_type(info) -> true;
is_event_type(internal) -> true;
is_event_type(T) -> is_timeout_type(T).

send_reply({Pid, Tag}, Reply) ->
    Pid ! {Tag, Reply},
    ok.

listify(L) when is_list(L) -> L;
listify(X) -> [X].

%% All actions are in: an enter call when one is due, else the transition.
actions_done(P, S, Q, NS, ND, NE, Hib, TO, PP, CE) ->
    case CE andalso P#p.enter of
        true ->
            callback(P, S, Q, NS, ND, NE, Hib, TO, PP, false, enter, S#s.state);
        false ->
            transition(P, S, Q, NS, ND, NE, Hib, TO, PP)
    end.

%%% ---------------------------------------------------------------------
%%% The transition

%% The usual case first: same state, nothing queued, inserted or set, no
%% timeout running: straight back to receive.
transition(P, #s{state = NS, postponed = Postponed0, timers = Timers, t0q = []} = S, [Event],
           NS, ND, [], Hib, [], PP) when map_size(Timers) =:= 0 ->
    Postponed = case PP of
                    true -> [Event | Postponed0];
                    false -> Postponed0
                end,
    loop(P, S#s{data = ND, postponed = Postponed, hib = Hib});
transition(P, #s{state = State, postponed = Postponed0} = S, [Event | Events],
           NS, ND, NE, Hib, TO, PP) ->
    Postponed = case PP of
                    true -> [Event | Postponed0];
                    false -> Postponed0
                end,
    case NS =:= State of
        true ->
            S1 = case S#s.timers of
                     #{timeout := {Ref, _}} -> cancel(timeout, Ref, S);
                     _ -> S
                 end,
            timeouts(P, S1#s{state = NS, data = ND, postponed = Postponed, hib = Hib},
                     Events, NE, TO);
        false ->
            Events1 = case Postponed of
                          [] -> Events;
                          _ -> lists:reverse(Postponed, Events)
                      end,
            S1 = case S#s.timers of
                     #{state_timeout := {Ref, _}} -> cancel(state_timeout, Ref, S);
                     _ -> S
                 end,
            S2 = case S1#s.timers of
                     #{timeout := {Ref2, _}} -> cancel(timeout, Ref2, S1);
                     _ -> S1
                 end,
            timeouts(P, S2#s{state = NS, data = ND, postponed = [], hib = Hib},
                     Events1, NE, TO)
    end.

%% Cancels a running timeout: a zero one leaves t0q; a timer whose
%% message is already queued has it removed (so it never arrives).
cancel(Type, 0, #s{timers = Timers, t0q = T0q} = S) ->
    S#s{timers = maps:remove(Type, Timers), t0q = lists:delete(Type, T0q)};
cancel(Type, Ref, #s{timers = Timers} = S) ->
    cancel_timer(Ref),
    S#s{timers = maps:remove(Type, Timers)}.

cancel_timer(Ref) ->
    case erlang:cancel_timer(Ref) of
        false -> receive {timeout, Ref, _} -> ok end;
        _ -> ok
    end.

timeouts(P, S, Events, NE, []) ->
    done(P, S, Events, NE);
timeouts(P, S, Events, NE, TO) ->
    timeouts(P, S, Events, NE, TO, [], []).

%% TO newest first: a type already seen (set by a later action) is skipped.
timeouts(P, #s{t0q = T0q} = S, Events, NE, [], _Seen, Zero) ->
    done(P, S#s{t0q = T0q ++ Zero}, Events, NE);
timeouts(P, S, Events, NE, [{Type, Time, Msg} | TO], Seen, Zero) ->
    case lists:member(Type, Seen) of
        true ->
            timeouts(P, S, Events, NE, TO, Seen, Zero);
        false ->
            Seen1 = [Type | Seen],
            Timers = S#s.timers,
            case Time of
                infinity ->
                    S1 = case Timers of
                             #{Type := {Ref, _}} -> cancel(Type, Ref, S);
                             _ -> S
                         end,
                    timeouts(P, S1, Events, NE, TO, Seen1, Zero);
                update ->
                    case Timers of
                        #{Type := {Ref, _}} ->
                            timeouts(P, S#s{timers = Timers#{Type := {Ref, Msg}}},
                                     Events, NE, TO, Seen1, Zero);
                        _ ->
                            timeouts(P, S#s{timers = Timers#{Type => {0, Msg}}},
                                     Events, NE, TO, Seen1, [Type | Zero])
                    end;
                0 ->
                    S1 = register(Type, 0, Msg, S),
                    timeouts(P, S1, Events, NE, TO, Seen1, [Type | Zero]);
                _ ->
                    Ref = erlang:start_timer(Time, self(), Type),
                    S1 = register(Type, Ref, Msg, S),
                    timeouts(P, S1, Events, NE, TO, Seen1, Zero)
            end
    end.

%% A (re)started timeout replaces a running one of its type.
register(Type, Ref, Msg, #s{timers = Timers, t0q = T0q} = S) ->
    case Timers of
        #{Type := {0, _}} ->
            S#s{timers = Timers#{Type := {Ref, Msg}}, t0q = lists:delete(Type, T0q)};
        #{Type := {OldRef, _}} ->
            cancel_timer(OldRef),
            S#s{timers = Timers#{Type := {Ref, Msg}}};
        _ ->
            S#s{timers = Timers#{Type => {Ref, Msg}}}
    end.

%% Inserted events go first; then the queue; when it is empty, a zero
%% timeout runs before any new message.
done(P, S, Events, []) ->
    next(P, S, Events);
done(P, S, Events, [E]) ->
    next(P, S, [E | Events]);
done(P, S, Events, NE) ->
    next(P, S, lists:reverse(NE, Events)).

next(P, S, [{Type, Content} | Q]) ->
    event(P, S, Type, Content, Q);
next(P, #s{t0q = []} = S, []) ->
    loop(P, S);
next(P, #s{t0q = [Type | T0q], timers = Timers} = S, []) ->
    #{Type := {0, Msg}} = Timers,
    event(P, S#s{timers = maps:remove(Type, Timers), t0q = T0q}, Type, Msg, []).

%%% ---------------------------------------------------------------------
%%% System messages (the behaviour contract; sys sends them)

system(P, S, From, Req, SysState) ->
    case Req of
        get_state ->
            gen:reply(From, {S#s.state, S#s.data}),
            sys_continue(P, S, SysState);
        {replace_state, Fun} ->
            {Reply, S1} =
                try Fun({S#s.state, S#s.data}) of
                    {NS, ND} = New -> {New, S#s{state = NS, data = ND, sf = none}};
                    Other -> {{error, {callback_failed, {gen_statem, system_replace_state},
                                       {error, {badmatch, Other}}}}, S}
                catch
                    Class:Exc ->
                        {{error, {callback_failed, {gen_statem, system_replace_state},
                                  {Class, Exc}}}, S}
                end,
            gen:reply(From, Reply),
            sys_continue(P, S1, SysState);
        get_status ->
            gen:reply(From, status(P, S, SysState)),
            sys_continue(P, S, SysState);
        suspend ->
            gen:reply(From, ok),
            suspended(P, S);
        resume ->
            gen:reply(From, ok),
            loop(P, S);
        {terminate, Reason} ->
            gen:reply(From, ok),
            terminate(exit, Reason, [], P, S, []);
        _ ->
            gen:reply(From, {error, {unknown_system_msg, Req}}),
            sys_continue(P, S, SysState)
    end.

sys_continue(P, S, running) -> loop(P, S);
sys_continue(P, S, suspended) -> suspended(P, S).

%% Suspended: only system messages and the parent's exit are taken.
suspended(#p{parent = Parent} = P, S) ->
    receive
        {system, From, Req} -> system(P, S, From, Req, suspended);
        {'EXIT', Parent, Reason} -> terminate(exit, Reason, [], P, S, [])
    end.

status(#p{parent = Parent, name = Name, modules = Modules}, S, SysState) ->
    Header = lists:flatten(io_lib:format("Status for state machine ~w", [Name])),
    Timers = maps:fold(fun(Type, {_, Msg}, Acc) -> [{Type, Msg} | Acc] end, [],
                       S#s.timers),
    {status, self(), {module, gen_statem},
     [[], SysState, Parent, [],
      [{header, Header},
       {data, [{"Status", SysState},
               {"Parent", Parent},
               {"Modules", Modules},
               {"Time-outs", {length(Timers), Timers}},
               {"Logged Events", []},
               {"Postponed", S#s.postponed}]},
       {data, [{"State", {S#s.state, S#s.data}}]}]]}.

%%% ---------------------------------------------------------------------
%%% Termination

%% terminate/3 (when exported) with the reason, the state and the data,
%% then the crash report unless the reason is normal, shutdown or
%% {shutdown, _}, then exit with the reason (an error keeps its class,
%% so the exit reason is {Reason, Stack} as in OTP).
terminate(Class, Reason, Stack, #p{term = Term} = P, #s{state = State, data = Data}, _Q) ->
    case Term of
        false ->
            ok;
        _ ->
            try Term(Reason, State, Data) of
                _ -> ok
            catch
                throw:_ -> ok;
                C:R:St ->
                    report(P, R),
                    erlang:raise(C, R, St)
            end
    end,
    case Reason of
        normal -> ok;
        shutdown -> ok;
        {shutdown, _} -> ok;
        _ -> report(P, Reason)
    end,
    case Stack of
        [] when Class =:= exit -> exit(Reason);
        [] when Class =:= error -> erlang:error(Reason);
        [] -> erlang:throw(Reason);
        _ -> erlang:raise(Class, Reason, Stack)
    end.

%% The one-line crash report (docs/behaviours.md, the shape gen_server's
%% is): the reason to a bounded depth, so a huge term cannot fill the output.
report(#p{name = Name}, Reason) ->
    io:format("=ERROR REPORT==== gen_statem ~0p terminating: ~0P~n", [Name, Reason, 30]).
