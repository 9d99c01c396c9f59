%% lib/supervisor.erl — OTP 25's supervisor for guest processes: the four
%% strategies, child specs as maps and tuples, restart intensity, the
%% restart types, shutdown (brutal_kill, a time, infinity), the child
%% management calls, automatic shutdown. Written for Hyperlang from OTP 25's
%% documented behaviour (docs/behaviours.md), not copied; what it replies
%% and the order in which it starts, lists and stops children are OTP's.
%%
%% The supervisor is a gen_server (gen_server:start_funs/5) whose callbacks
%% are the functions of this module. A child's start {M, F, A} is applied
%% with erlang:hl_export_fun/3 (the guest's own modules) or, for the
%% stdlib's start functions, with the table in start_fun/3.
%%
%% Restart intensity: OTP counts the restarts of the last Period seconds of
%% erlang:monotonic_time/1. Reading a clock needs the clocks capability, so
%% here each restart arms a timer of Period seconds (the timers come with
%% the processes capability) whose message ends its count.
-module(supervisor).
-export([start_link/2, start_link/3, start_child/2, restart_child/2,
         delete_child/2, terminate_child/2, which_children/1, count_children/1,
         check_childspecs/1, check_childspecs/2, get_childspec/2]).

-record(child, {pid = undefined, id, mfargs, restart_type, significant,
                shutdown, child_type, modules = []}).

-record(state, {name, strategy, children = {[], #{}}, dynamics,
                intensity, period, restarts = 0, dynamic_restarts = 0,
                auto_shutdown, module, args}).

-define(EXPIRE, '$supervisor_restart_expired').

%% ---------------------------------------------------------------------
%% API

start_link(Mod, Args) ->
    gen_server:start_funs(link, nameless, callbacks(), {self, Mod, Args}, []).

start_link({local, A} = SupName, Mod, Args) when is_atom(A) ->
    gen_server:start_funs(link, SupName, callbacks(), {SupName, Mod, Args}, []);
start_link(SupName, Mod, Args) ->
    erlang:error(badarg, [SupName, Mod, Args]).

callbacks() ->
    {supervisor, fun init/1, fun handle_call/3, fun handle_cast/2,
     fun handle_info/2, false, fun terminate/2}.

start_child(Sup, ChildSpec) -> call(Sup, {start_child, ChildSpec}).
restart_child(Sup, Id) -> call(Sup, {restart_child, Id}).
delete_child(Sup, Id) -> call(Sup, {delete_child, Id}).
terminate_child(Sup, Id) -> call(Sup, {terminate_child, Id}).
get_childspec(Sup, Id) -> call(Sup, {get_childspec, Id}).
which_children(Sup) -> call(Sup, which_children).
count_children(Sup) -> call(Sup, count_children).

call(Sup, Req) -> gen_server:call(Sup, Req, infinity).

check_childspecs(Specs) -> check_childspecs(Specs, undefined).

check_childspecs(Specs, Auto) when is_list(Specs) ->
    case lists:member(Auto, [undefined, never, any_significant, all_significant]) of
        true ->
            case check_startspec(Specs, Auto) of
                {ok, _} -> ok;
                Error -> {error, Error}
            end;
        false -> {error, {badarg, Auto}}
    end;
check_childspecs(X, _Auto) ->
    {error, {badarg, X}}.

%% ---------------------------------------------------------------------
%% Callbacks of the supervisor's own gen_server

init({SupName, Mod, Args}) ->
    process_flag(trap_exit, true),
    Init = case erlang:hl_export_fun(Mod, init, 1) of
               false -> erlang:raise(error, undef, [{Mod, init, [Args], []}]);
               F -> F
           end,
    case Init(Args) of
        {ok, {Flags, StartSpec}} ->
            case init_state(SupName, Flags, Mod, Args) of
                {ok, State} when State#state.strategy =:= simple_one_for_one ->
                    init_dynamic(State, StartSpec);
                {ok, State} ->
                    init_children(State, StartSpec);
                Error ->
                    {stop, {supervisor_data, Error}}
            end;
        ignore ->
            ignore;
        Error ->
            {stop, {bad_return, {Mod, init, Error}}}
    end.

init_children(State, StartSpec) when is_list(StartSpec) ->
    case check_startspec(StartSpec, State#state.auto_shutdown) of
        {ok, Children} ->
            case start_children(Children, State#state.name) of
                {ok, NChildren} ->
                    {ok, State#state{children = NChildren}};
                {error, NChildren, Reason} ->
                    _ = terminate_children(NChildren, State#state.name),
                    {stop, {shutdown, Reason}}
            end;
        Error ->
            {stop, {start_spec, Error}}
    end;
init_children(_State, StartSpec) ->
    erlang:error(function_clause, [StartSpec]).

init_dynamic(State, [StartSpec]) ->
    case check_startspec([StartSpec], State#state.auto_shutdown) of
        {ok, Children} ->
            {ok, dyn_init(State#state{children = Children})};
        Error ->
            {stop, {start_spec, Error}}
    end;
init_dynamic(_State, StartSpec) ->
    {stop, {bad_start_spec, StartSpec}}.

handle_call({start_child, EArgs}, _From, State) when State#state.strategy =:= simple_one_for_one ->
    Child = dynamic_child(State),
    {M, F, A} = Child#child.mfargs,
    Args = A ++ EArgs,
    case start_mfa(M, F, Args) of
        {ok, undefined} -> {reply, {ok, undefined}, State};
        {ok, Pid} -> {reply, {ok, Pid}, dyn_store(Pid, Args, State)};
        {ok, Pid, Extra} -> {reply, {ok, Pid, Extra}, dyn_store(Pid, Args, State)};
        What -> {reply, What, State}
    end;
handle_call({start_child, ChildSpec}, _From, State) ->
    case check_childspec(ChildSpec, State#state.auto_shutdown) of
        {ok, Child} ->
            {Resp, NState} = handle_start_child(Child, State),
            {reply, Resp, NState};
        What ->
            {reply, {error, What}, State}
    end;
handle_call({terminate_child, Id}, _From, State)
  when not is_pid(Id), State#state.strategy =:= simple_one_for_one ->
    {reply, {error, simple_one_for_one}, State};
handle_call({terminate_child, Id}, _From, State) ->
    case find_child(Id, State) of
        {ok, Child} ->
            do_terminate(Child, State#state.name),
            {reply, ok, del_child(Child, State)};
        error ->
            {reply, {error, not_found}, State}
    end;
handle_call({Op, _Id}, _From, State)
  when Op =:= restart_child orelse Op =:= delete_child, State#state.strategy =:= simple_one_for_one ->
    {reply, {error, simple_one_for_one}, State};
handle_call({Op, Id}, _From, State) when Op =:= restart_child; Op =:= delete_child ->
    %% both act only on a child that is not running
    case find_child(Id, State) of
        {ok, Child} when Child#child.pid =:= undefined ->
            stopped_child(Op, Id, Child, State);
        {ok, #child{pid = {restarting, _}}} ->
            {reply, {error, restarting}, State};
        {ok, _} ->
            {reply, {error, running}, State};
        _ ->
            {reply, {error, not_found}, State}
    end;
handle_call({get_childspec, Id}, _From, State) ->
    case find_child(Id, State) of
        {ok, Child} -> {reply, {ok, child_to_spec(Child)}, State};
        error -> {reply, {error, not_found}, State}
    end;
handle_call(which_children, _From, State) when State#state.strategy =:= simple_one_for_one ->
    #child{child_type = CT, modules = Mods} = dynamic_child(State),
    {_, Db} = State#state.dynamics,
    Reply = [case P of
                 {restarting, _} -> {undefined, restarting, CT, Mods};
                 _ -> {undefined, P, CT, Mods}
             end || P <- maps:keys(Db)],
    {reply, Reply, State};
handle_call(which_children, _From, State) ->
    {Ids, Db} = State#state.children,
    Reply = [begin
                 #child{pid = P, child_type = CT, modules = Mods} = maps:get(Id, Db),
                 case P of
                     {restarting, _} -> {Id, restarting, CT, Mods};
                     _ -> {Id, P, CT, Mods}
                 end
             end || Id <- Ids],
    {reply, Reply, State};
handle_call(count_children, _From, State) when State#state.strategy =:= simple_one_for_one ->
    #child{child_type = CT} = dynamic_child(State),
    {_, Db} = State#state.dynamics,
    Sz = maps:size(Db),
    Active = Sz - State#state.dynamic_restarts,
    Reply = case CT of
                supervisor -> [{specs, 1}, {active, Active}, {supervisors, Sz}, {workers, 0}];
                worker -> [{specs, 1}, {active, Active}, {supervisors, 0}, {workers, Sz}]
            end,
    {reply, Reply, State};
handle_call(count_children, _From, State) ->
    {_, Db} = State#state.children,
    {S, A, Su, W} = maps:fold(fun(_Id, Child, Acc) -> count_child(Child, Acc) end,
                              {0, 0, 0, 0}, Db),
    {reply, [{specs, S}, {active, A}, {supervisors, Su}, {workers, W}], State}.

stopped_child(restart_child, Id, Child, State) ->
    case do_start_child(State#state.name, Child) of
        {ok, Pid} -> {reply, {ok, Pid}, set_pid(Pid, Id, State)};
        {ok, Pid, Extra} -> {reply, {ok, Pid, Extra}, set_pid(Pid, Id, State)};
        Error -> {reply, Error, State}
    end;
stopped_child(delete_child, Id, _Child, State) ->
    {reply, ok, remove_child(Id, State)}.

count_child(#child{pid = Pid, child_type = Type}, {S, A, Su, W}) ->
    Alive = is_pid(Pid) andalso is_process_alive(Pid),
    A1 = case Alive of true -> A + 1; false -> A end,
    case Type of
        worker -> {S + 1, A1, Su, W + 1};
        supervisor -> {S + 1, A1, Su + 1, W}
    end.

handle_cast({try_again_restart, Id}, State) ->
    case find_child_and_args(Id, State) of
        {ok, Child = #child{pid = {restarting, _}}} ->
            after_restart(restart(Child, State));
        _ ->
            {noreply, State}
    end.

handle_info({'EXIT', Pid, Reason}, State) ->
    case find_child_and_args(Pid, State) of
        {ok, Child} ->
            after_restart(do_restart(Reason, Child, State));
        error ->
            {noreply, State}
    end;
handle_info(?EXPIRE, State) ->
    {noreply, State#state{restarts = State#state.restarts - 1}};
handle_info(_Msg, State) ->
    %% OTP logs "Supervisor received unexpected message"
    {noreply, State}.

%% The loop's answer to a restart: carry on, or stop when the restart
%% intensity was reached.
after_restart({ok, State}) -> {noreply, State};
after_restart({shutdown, State}) -> {stop, shutdown, State}.

terminate(_Reason, State) when State#state.strategy =:= simple_one_for_one ->
    terminate_dynamic_children(State);
terminate(_Reason, State) ->
    terminate_children(State#state.children, State#state.name).

%% ---------------------------------------------------------------------
%% Starting children

start_children(Children, SupName) ->
    children_map(
      fun(Id, Child) ->
              case do_start_child(SupName, Child) of
                  {ok, undefined} when Child#child.restart_type =:= temporary -> remove;
                  {ok, Pid} -> {update, Child#child{pid = Pid}};
                  {ok, Pid, _Extra} -> {update, Child#child{pid = Pid}};
                  {error, Reason} ->
                      report(start_error, Reason, Child, SupName),
                      {abort, {failed_to_start_child, Id, Reason}}
              end
      end, Children).

do_start_child(_SupName, #child{mfargs = {M, F, A}}) ->
    start_mfa(M, F, A).

%% As OTP's `catch apply(M, F, A)` and the shapes it accepts.
start_mfa(M, F, A) ->
    case catch apply_mfa(M, F, A) of
        {ok, Pid} when is_pid(Pid) -> {ok, Pid};
        {ok, Pid, Extra} when is_pid(Pid) -> {ok, Pid, Extra};
        ignore -> {ok, undefined};
        {error, Error} -> {error, Error};
        What -> {error, What}
    end.

apply_mfa(M, F, A) ->
    case start_fun(M, F, length(A)) of
        false -> erlang:raise(error, undef, [{M, F, A, []}]);
        Fun -> gen:apply(Fun, A)
    end.

%% The stdlib's own start functions a child spec may name; any other
%% module must be one of the guest's.
start_fun(supervisor, start_link, 2) -> fun(A, B) -> start_link(A, B) end;
start_fun(supervisor, start_link, 3) -> fun(A, B, C) -> start_link(A, B, C) end;
start_fun(gen_server, start_link, 3) -> fun(A, B, C) -> gen_server:start_link(A, B, C) end;
start_fun(gen_server, start_link, 4) -> fun(A, B, C, D) -> gen_server:start_link(A, B, C, D) end;
start_fun(proc_lib, start_link, 3) -> fun(A, B, C) -> proc_lib:start_link(A, B, C) end;
start_fun(proc_lib, start_link, 4) -> fun(A, B, C, D) -> proc_lib:start_link(A, B, C, D) end;
start_fun(gen_statem, start_link, 3) -> fun(A, B, C) -> gen_statem:start_link(A, B, C) end;
start_fun(gen_statem, start_link, 4) -> fun(A, B, C, D) -> gen_statem:start_link(A, B, C, D) end;
start_fun(gen_event, start_link, 0) -> fun() -> gen_event:start_link() end;
start_fun(gen_event, start_link, 1) -> fun(A) -> gen_event:start_link(A) end;
start_fun(gen_event, start_link, 2) -> fun(A, B) -> gen_event:start_link(A, B) end;
start_fun(M, F, N) -> erlang:hl_export_fun(M, F, N).

handle_start_child(Child, State) ->
    case find_child(Child#child.id, State) of
        error ->
            case do_start_child(State#state.name, Child) of
                {ok, undefined} when Child#child.restart_type =:= temporary ->
                    {{ok, undefined}, State};
                {ok, Pid} ->
                    {{ok, Pid}, save_child(Child#child{pid = Pid}, State)};
                {ok, Pid, Extra} ->
                    {{ok, Pid, Extra}, save_child(Child#child{pid = Pid}, State)};
                {error, What} ->
                    {{error, {What, Child}}, State}
            end;
        {ok, Old} when is_pid(Old#child.pid) ->
            {{error, {already_started, Old#child.pid}}, State};
        {ok, _} ->
            {{error, already_present}, State}
    end.

%% ---------------------------------------------------------------------
%% Restarting

do_restart(Reason, Child, State) when Child#child.restart_type =:= permanent ->
    report(child_terminated, Reason, Child, State#state.name),
    restart(Child, State);
do_restart(Reason, Child, State) when Reason =:= normal; Reason =:= shutdown ->
    do_auto_shutdown(Child, del_child(Child, State));
do_restart({shutdown, _}, Child, State) ->
    do_auto_shutdown(Child, del_child(Child, State));
do_restart(Reason, Child, State) when Child#child.restart_type =:= transient ->
    report(child_terminated, Reason, Child, State#state.name),
    restart(Child, State);
do_restart(Reason, Child, State) ->
    report(child_terminated, Reason, Child, State#state.name),
    do_auto_shutdown(Child, del_child(Child, State)).

do_auto_shutdown(_Child, State) when State#state.auto_shutdown =:= never ->
    {ok, State};
do_auto_shutdown(Child, State) when Child#child.significant =/= true ->
    {ok, State};
do_auto_shutdown(_Child, State) when State#state.auto_shutdown =:= any_significant ->
    {shutdown, State};
do_auto_shutdown(_Child, State) when State#state.strategy =:= simple_one_for_one ->
    {_, Db} = State#state.dynamics,
    case maps:size(Db) of
        0 -> {shutdown, State};
        _ -> {ok, State}
    end;
do_auto_shutdown(_Child, State) ->
    {_, Db} = State#state.children,
    Live = [x || #child{pid = P, significant = true} <- maps:values(Db), P =/= undefined],
    case Live of
        [] -> {shutdown, State};
        _ -> {ok, State}
    end.

restart(Child, State) ->
    case add_restart(State) of
        {ok, NState} ->
            case restart(NState#state.strategy, Child, NState) of
                {{try_again, TryAgainId}, NState2} ->
                    %% back to the loop first, so other requests (a shutdown)
                    %% are seen between tries
                    gen_server:cast(self(), {try_again_restart, TryAgainId}),
                    {ok, NState2};
                Other ->
                    Other
            end;
        {terminate, NState} ->
            report(shutdown, reached_max_restart_intensity, Child, State#state.name),
            {shutdown, del_child(Child, NState)}
    end.

restart(simple_one_for_one, Child, State0) ->
    #child{pid = OldPid, mfargs = {M, F, A}} = Child,
    State1 = case OldPid of
                 {restarting, _} ->
                     State0#state{dynamic_restarts = State0#state.dynamic_restarts - 1};
                 _ -> State0
             end,
    State2 = dyn_erase(OldPid, State1),
    case start_mfa(M, F, A) of
        {ok, Pid} -> {ok, dyn_store(Pid, A, State2)};
        {ok, Pid, _Extra} -> {ok, dyn_store(Pid, A, State2)};
        {error, Error} ->
            ROldPid = restarting(OldPid),
            State3 = State2#state{dynamic_restarts = State2#state.dynamic_restarts + 1},
            NState = dyn_store(ROldPid, A, State3),
            report(start_error, Error, Child, NState#state.name),
            {{try_again, ROldPid}, NState}
    end;
restart(one_for_one, #child{id = Id} = Child, State) ->
    OldPid = Child#child.pid,
    case do_start_child(State#state.name, Child) of
        {ok, Pid} -> {ok, set_pid(Pid, Id, State)};
        {ok, Pid, _Extra} -> {ok, set_pid(Pid, Id, State)};
        {error, Reason} ->
            NState = set_pid(restarting(OldPid), Id, State),
            report(start_error, Reason, Child, State#state.name),
            {{try_again, Id}, NState}
    end;
restart(rest_for_one, #child{id = Id} = Child, State) ->
    {After, Before} = split_child(Id, State#state.children),
    {Return, After2} = restart_multiple_children(Child, After, State#state.name),
    {Return, State#state{children = append(After2, Before)}};
restart(one_for_all, Child, State) ->
    Children1 = del_child_id(Child#child.id, State#state.children),
    {Return, NChildren} = restart_multiple_children(Child, Children1, State#state.name),
    {Return, State#state{children = NChildren}}.

restart_multiple_children(Child, Children, SupName) ->
    Children1 = terminate_children(Children, SupName),
    case start_children(Children1, SupName) of
        {ok, NChildren} ->
            {ok, NChildren};
        {error, NChildren, {failed_to_start_child, FailedId, _Reason}} ->
            NewPid = case FailedId =:= Child#child.id of
                         true -> restarting(Child#child.pid);
                         false -> {restarting, undefined}
                     end,
            {{try_again, FailedId}, set_pid(NewPid, FailedId, NChildren)}
    end.

restarting(Pid) when is_pid(Pid) -> {restarting, Pid};
restarting(RPid) -> RPid.

%% One more restart in the window: over the intensity ends the supervisor.
%% The restart's count ends when its timer of Period seconds fires.
add_restart(State) ->
    R = State#state.restarts + 1,
    _ = erlang:send_after(min(State#state.period * 1000, 4294967295), self(), ?EXPIRE),
    State1 = State#state{restarts = R},
    case R =< State#state.intensity of
        true -> {ok, State1};
        false -> {terminate, State1}
    end.

%% ---------------------------------------------------------------------
%% Terminating children

%% Newest first, each one finished before the next; the list that comes
%% back is in start order (as OTP's), without the temporary children.
terminate_children(Children, SupName) ->
    {ok, NChildren} =
        children_map(fun(_Id, Child) when Child#child.restart_type =:= temporary ->
                             do_terminate(Child, SupName),
                             remove;
                        (_Id, Child) ->
                             do_terminate(Child, SupName),
                             {update, Child#child{pid = undefined}}
                     end, Children),
    NChildren.

do_terminate(Child, SupName) when is_pid(Child#child.pid) ->
    case shutdown(Child) of
        ok -> ok;
        {error, Other} -> report(shutdown_error, Other, Child, SupName)
    end,
    ok;
do_terminate(_Child, _SupName) ->
    ok.

shutdown(#child{pid = Pid, shutdown = brutal_kill} = Child) ->
    Mon = erlang:monitor(process, Pid),
    exit(Pid, kill),
    receive
        {'DOWN', Mon, process, Pid, Reason0} ->
            shutdown_result(unlink_flush(Pid, Reason0), Child, true)
    end;
shutdown(#child{pid = Pid, shutdown = Time} = Child) ->
    Mon = erlang:monitor(process, Pid),
    exit(Pid, shutdown),
    receive
        {'DOWN', Mon, process, Pid, Reason0} ->
            shutdown_result(unlink_flush(Pid, Reason0), Child, false)
    after Time ->
        exit(Pid, kill),
        receive
            {'DOWN', Mon, process, Pid, Reason0} ->
                shutdown_result(unlink_flush(Pid, Reason0), Child, false)
        end
    end.

%% Which exit reasons count as a clean shutdown (killed only when it was
%% brutal_kill; normal and {shutdown, _} only for a child not permanent).
shutdown_result(killed, _Child, true) -> ok;
shutdown_result(shutdown, _Child, _) -> ok;
shutdown_result({shutdown, _}, Child, _) when Child#child.restart_type =/= permanent -> ok;
shutdown_result(normal, Child, _) when Child#child.restart_type =/= permanent -> ok;
shutdown_result(Reason, _Child, _) -> {error, Reason}.

unlink_flush(Pid, Default) ->
    unlink(Pid),
    receive
        {'EXIT', Pid, Reason} -> Reason
    after 0 -> Default
    end.

%% simple_one_for_one: every child is told at once, then waited for.
terminate_dynamic_children(State) ->
    Child = dynamic_child(State),
    {_, Db} = State#state.dynamics,
    Pids = maps:fold(
             fun(P, _, Acc) when is_pid(P) ->
                     Mon = erlang:monitor(process, P),
                     case Child#child.shutdown of
                         brutal_kill -> exit(P, kill);
                         _ -> exit(P, shutdown)
                     end,
                     Acc#{{P, Mon} => true};
                (_, _, Acc) -> Acc
             end, #{}, Db),
    TRef = case Child#child.shutdown of
               brutal_kill -> undefined;
               infinity -> undefined;
               Time -> erlang:start_timer(Time, self(), kill)
           end,
    Errors = wait_dynamic_children(Child, Pids, maps:size(Pids), TRef, #{}),
    maps:fold(fun(Reason, Ls, _) ->
                      report(shutdown_error, Reason, Child#child{pid = Ls}, State#state.name)
              end, ok, Errors),
    ok.

wait_dynamic_children(_Child, _Pids, 0, undefined, Errors) ->
    Errors;
wait_dynamic_children(_Child, _Pids, 0, TRef, Errors) ->
    _ = erlang:cancel_timer(TRef),
    receive {timeout, TRef, kill} -> Errors after 0 -> Errors end;
wait_dynamic_children(Child, Pids, Sz, TRef, Errors) ->
    Brutal = Child#child.shutdown =:= brutal_kill,
    receive
        {'DOWN', Mon, process, Pid, Reason0} when is_map_key({Pid, Mon}, Pids) ->
            Pids1 = maps:remove({Pid, Mon}, Pids),
            case shutdown_result(unlink_flush(Pid, Reason0), Child, Brutal) of
                ok -> wait_dynamic_children(Child, Pids1, Sz - 1, TRef, Errors);
                {error, Reason} ->
                    Errors1 = maps:put(Reason, [Pid | maps:get(Reason, Errors, [])], Errors),
                    wait_dynamic_children(Child, Pids1, Sz - 1, TRef, Errors1)
            end;
        {timeout, TRef, kill} when TRef =/= undefined ->
            maps:fold(fun({P, _}, _, _) -> exit(P, kill) end, ok, Pids),
            wait_dynamic_children(Child, Pids, Sz, undefined, Errors)
    end.

%% ---------------------------------------------------------------------
%% The children: {Ids, Db}, Ids newest first, Db Id => #child{}

save_child(#child{mfargs = {M, F, _}} = Child, State) when Child#child.restart_type =:= temporary ->
    do_save_child(Child#child{mfargs = {M, F, undefined}}, State);
save_child(Child, State) ->
    do_save_child(Child, State).

do_save_child(#child{id = Id} = Child, #state{children = {Ids, Db}} = State) ->
    State#state{children = {[Id | Ids], Db#{Id => Child}}}.

del_child(#child{pid = Pid}, State) when State#state.strategy =:= simple_one_for_one ->
    dyn_erase(Pid, State);
del_child(Child, State) ->
    State#state{children = del_child_id(Child#child.id, State#state.children)}.

del_child_id(Id, {Ids, Db}) ->
    case maps:get(Id, Db) of
        Child when Child#child.restart_type =:= temporary ->
            {lists:delete(Id, Ids), maps:remove(Id, Db)};
        Child ->
            {Ids, Db#{Id => Child#child{pid = undefined}}}
    end.

%% {the child and those started after it, those started before}
split_child(Id, {Ids, Db}) ->
    {IdsAfter, IdsBefore} = split_ids(Id, Ids, []),
    DbBefore = maps:with(IdsBefore, Db),
    #{Id := Ch} = DbAfter = maps:with(IdsAfter, Db),
    {{IdsAfter, DbAfter#{Id => Ch#child{pid = undefined}}}, {IdsBefore, DbBefore}}.

split_ids(Id, [Id | Ids], After) -> {lists:reverse([Id | After]), Ids};
split_ids(Id, [Other | Ids], After) -> split_ids(Id, Ids, [Other | After]).

find_child(Pid, State) when is_pid(Pid), State#state.strategy =:= simple_one_for_one ->
    case find_dynamic_child(Pid, State) of
        error ->
            case find_dynamic_child(restarting(Pid), State) of
                error ->
                    case is_process_alive(Pid) of
                        true -> error;
                        false -> {ok, dynamic_child(State)}
                    end;
                Other -> Other
            end;
        Other -> Other
    end;
find_child(Id, #state{children = {_Ids, Db}}) ->
    maps:find(Id, Db).

find_child_and_args(Pid, State) when State#state.strategy =:= simple_one_for_one ->
    case find_dynamic_child(Pid, State) of
        {ok, #child{mfargs = {M, F, _}} = Child} ->
            {ok, Args} = dyn_args(Pid, State),
            {ok, Child#child{mfargs = {M, F, Args}}};
        error -> error
    end;
find_child_and_args(Pid, #state{children = {_Ids, Db}}) when is_pid(Pid) ->
    find_by_pid(Pid, maps:values(Db));
find_child_and_args(Id, #state{children = {_Ids, Db}}) ->
    maps:find(Id, Db).

find_by_pid(_Pid, []) -> error;
find_by_pid(Pid, [#child{pid = Pid} = C | _]) -> {ok, C};
find_by_pid(Pid, [_ | T]) -> find_by_pid(Pid, T).

find_dynamic_child(Pid, State) ->
    {_, Db} = State#state.dynamics,
    case is_map_key(Pid, Db) of
        true -> {ok, (dynamic_child(State))#child{pid = Pid}};
        false -> error
    end.

dynamic_child(#state{children = {[Id], Db}}) ->
    #{Id := Child} = Db,
    Child.

set_pid(Pid, Id, #state{children = Children} = State) ->
    State#state{children = set_pid(Pid, Id, Children)};
set_pid(Pid, Id, {Ids, Db}) ->
    #{Id := Child} = Db,
    {Ids, Db#{Id => Child#child{pid = Pid}}}.

remove_child(Id, #state{children = {Ids, Db}} = State) ->
    State#state{children = {lists:delete(Id, Ids), maps:remove(Id, Db)}}.

%% Fun(Id, Child) -> {update, Child} | remove | {abort, Reason}, over Ids in
%% their order; the result's Ids are in the reverse order.
children_map(Fun, {Ids, Db}) -> children_map(Fun, Ids, Db, []).

children_map(Fun, [Id | Ids], Db, Acc) ->
    case Fun(Id, maps:get(Id, Db)) of
        {update, Child} -> children_map(Fun, Ids, Db#{Id => Child}, [Id | Acc]);
        remove -> children_map(Fun, Ids, maps:remove(Id, Db), Acc);
        {abort, Reason} -> {error, {lists:reverse(Ids) ++ [Id | Acc], Db}, Reason}
    end;
children_map(_Fun, [], Db, Acc) ->
    {ok, {Acc, Db}}.

append({Ids1, Db1}, {Ids2, Db2}) -> {Ids1 ++ Ids2, maps:merge(Db1, Db2)}.

%% simple_one_for_one's children: pid => start arguments ([] when they are
%% temporary, never restarted)
dyn_init(State) ->
    Kind = case (dynamic_child(State))#child.restart_type of
               temporary -> mapsets;
               _ -> maps
           end,
    State#state{dynamics = {Kind, #{}}}.

dyn_erase(Pid, #state{dynamics = {Kind, Db}} = State) ->
    State#state{dynamics = {Kind, maps:remove(Pid, Db)}}.

dyn_store(Pid, Args, #state{dynamics = {Kind, Db}} = State) ->
    case Kind of
        mapsets -> State#state{dynamics = {mapsets, Db#{Pid => []}}};
        maps -> State#state{dynamics = {maps, Db#{Pid => Args}}}
    end.

dyn_args(_Pid, #state{dynamics = {mapsets, _}}) -> {ok, undefined};
dyn_args(Pid, #state{dynamics = {maps, Db}}) -> maps:find(Pid, Db).

%% ---------------------------------------------------------------------
%% Flags and child specs (OTP's errors, term for term)

init_state(SupName, Flags, Mod, Args) ->
    Name = case SupName of
               self -> {self(), Mod};
               _ -> SupName
           end,
    try check_flags(Flags) of
        {Strategy, Intensity, Period, Auto} ->
            {ok, #state{name = Name, strategy = Strategy, intensity = Intensity,
                        period = Period, auto_shutdown = Auto, module = Mod, args = Args}}
    catch
        throw:Error -> Error
    end.

check_flags(Flags) when is_map(Flags) ->
    F = maps:merge(#{strategy => one_for_one, intensity => 1, period => 5,
                     auto_shutdown => never}, Flags),
    #{strategy := S, intensity := I, period := P, auto_shutdown := A} = F,
    valid_strategy(S),
    valid_intensity(I),
    valid_period(P),
    valid_auto_shutdown(A),
    {S, I, P, A};
check_flags({S, I, P}) ->
    check_flags(#{strategy => S, intensity => I, period => P, auto_shutdown => never});
check_flags(What) ->
    throw({invalid_type, What}).

valid_strategy(S) when S =:= simple_one_for_one; S =:= one_for_one;
                       S =:= one_for_all; S =:= rest_for_one -> true;
valid_strategy(What) -> throw({invalid_strategy, What}).

valid_intensity(I) when is_integer(I), I >= 0 -> true;
valid_intensity(What) -> throw({invalid_intensity, What}).

valid_period(P) when is_integer(P), P > 0 -> true;
valid_period(What) -> throw({invalid_period, What}).

valid_auto_shutdown(A) when A =:= never; A =:= any_significant; A =:= all_significant -> true;
valid_auto_shutdown(What) -> throw({invalid_auto_shutdown, What}).

check_startspec(Children, Auto) -> check_startspec(Children, [], #{}, Auto).

check_startspec([Spec | T], Ids, Db, Auto) ->
    case check_childspec(Spec, Auto) of
        {ok, #child{id = Id} = Child} ->
            case is_map_key(Id, Db) of
                true -> {duplicate_child_name, Id};
                false -> check_startspec(T, [Id | Ids], Db#{Id => Child}, Auto)
            end;
        Error -> Error
    end;
check_startspec([], Ids, Db, _Auto) ->
    {ok, {lists:reverse(Ids), Db}}.

check_childspec(Spec, Auto) when is_map(Spec) ->
    try do_check_childspec(maps:merge(#{restart => permanent, type => worker}, Spec), Auto)
    catch
        throw:Error -> Error
    end;
check_childspec({Id, Func, Restart, Shutdown, Type, Mods}, Auto) ->
    check_childspec(#{id => Id, start => Func, restart => Restart, significant => false,
                      shutdown => Shutdown, type => Type, modules => Mods}, Auto);
check_childspec(X, _Auto) ->
    {invalid_child_spec, X}.

do_check_childspec(#{restart := Restart, type := Type} = Spec, Auto) ->
    Id = case Spec of
             #{id := I} -> I;
             _ -> throw(missing_id)
         end,
    Func = case Spec of
               #{start := F} -> F;
               _ -> throw(missing_start)
           end,
    valid_mfa(Func),
    valid_restart_type(Restart),
    Significant = maps:get(significant, Spec, false),
    valid_significant(Significant, Restart, Auto),
    valid_child_type(Type),
    Shutdown = case Spec of
                   #{shutdown := S} -> S;
                   #{type := worker} -> 5000;
                   #{type := supervisor} -> infinity
               end,
    valid_shutdown(Shutdown),
    Mods = case Spec of
               #{modules := Ms} -> Ms;
               _ -> [element(1, Func)]
           end,
    valid_mods(Mods),
    {ok, #child{id = Id, mfargs = Func, restart_type = Restart, significant = Significant,
                shutdown = Shutdown, child_type = Type, modules = Mods}}.

valid_mfa({M, F, A}) when is_atom(M), is_atom(F), is_list(A) -> true;
valid_mfa(Func) -> throw({invalid_mfa, Func}).

valid_restart_type(R) when R =:= permanent; R =:= temporary; R =:= transient -> true;
valid_restart_type(R) -> throw({invalid_restart_type, R}).

valid_significant(true, _Restart, never) ->
    throw({bad_combination, [{auto_shutdown, never}, {significant, true}]});
valid_significant(true, permanent, _Auto) ->
    throw({bad_combination, [{restart, permanent}, {significant, true}]});
valid_significant(S, _Restart, _Auto) when is_boolean(S) -> true;
valid_significant(S, _Restart, _Auto) -> throw({invalid_significant, S}).

valid_child_type(T) when T =:= supervisor; T =:= worker -> true;
valid_child_type(T) -> throw({invalid_child_type, T}).

valid_shutdown(S) when is_integer(S), S >= 0 -> true;
valid_shutdown(infinity) -> true;
valid_shutdown(brutal_kill) -> true;
valid_shutdown(S) -> throw({invalid_shutdown, S}).

valid_mods(dynamic) -> true;
valid_mods(Mods) when is_list(Mods) ->
    lists:foreach(fun(M) when is_atom(M) -> ok;
                     (M) -> throw({invalid_module, M})
                  end, Mods);
valid_mods(Mods) -> throw({invalid_modules, Mods}).

child_to_spec(#child{id = Id, mfargs = Func, restart_type = Restart, significant = Sig,
                     shutdown = Shutdown, child_type = Type, modules = Mods}) ->
    #{id => Id, start => Func, restart => Restart, significant => Sig,
      shutdown => Shutdown, type => Type, modules => Mods}.

%% The one-line supervisor report (docs/behaviours.md).
report(Context, Reason, Child, SupName) ->
    io:put_chars(["=ERROR REPORT==== supervisor ", io_lib:write(SupName), " ",
                  atom_to_list(Context), ": ", io_lib:write(Reason, 30),
                  " child ", io_lib:write(Child#child.id, 30), "\n"]).
