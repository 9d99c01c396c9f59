%% supervisor: start_child, terminate_child, restart_child, delete_child and their errors.
-module(sup_start_child).
-export([main/0, init/1, start_worker/1, start_worker/2, handle_call/3, handle_cast/2, terminate/2]).

main() ->
    process_flag(trap_exit, true),
    {ok, Sup} = supervisor:start_link(?MODULE, []),
    Spec = #{id => x, start => {?MODULE, start_worker, [x]}},
    {ok, P} = supervisor:start_child(Sup, Spec),
    {error, {already_started, P2}} = supervisor:start_child(Sup, Spec),
    R1 = supervisor:restart_child(Sup, x),
    R2 = supervisor:delete_child(Sup, x),
    R3 = supervisor:terminate_child(Sup, x),
    R4 = supervisor:start_child(Sup, Spec),
    R5 = supervisor:terminate_child(Sup, x),
    {ok, Q} = supervisor:restart_child(Sup, x),
    R6 = supervisor:terminate_child(Sup, Q),
    R7 = supervisor:delete_child(Sup, x),
    R8 = supervisor:delete_child(Sup, x),
    R9 = supervisor:restart_child(Sup, x),
    R10 = supervisor:terminate_child(Sup, nope),
    {ok, _} = supervisor:start_child(Sup, {y, {?MODULE, start_worker, [y]}, temporary, 100, worker, []}),
    R11 = supervisor:terminate_child(Sup, y),
    R12 = supervisor:restart_child(Sup, y),
    show(Sup),
    exit(Sup, shutdown),
    {P =:= P2, R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, R11, R12, wait_exit(Sup)}.

sup_init([]) ->
    {ok, {#{}, []}}.

%% ---- the worker: a gen_server trapping exits that traces start and terminate
start_worker(Id) -> start_worker(Id, []).
start_worker(Id, Opts) -> gen_server:start_link({local, Id}, ?MODULE, {worker, Id, Opts}, []).

init({worker, Id, Opts}) ->
    process_flag(trap_exit, true),
    io:format("start ~p~n", [Id]),
    {ok, {Id, Opts}};
init(Args) -> sup_init(Args).

handle_call(ping, _, S) -> {reply, pong, S}.
handle_cast({exit, R}, S) -> {stop, R, S}.
terminate(Why, {Id, Opts}) ->
    io:format("terminate ~p ~p~n", [Id, Why]),
    case lists:keyfind(slow, 1, Opts) of
        {slow, T} -> receive after T -> io:format("terminate ~p done~n", [Id]) end;
        false -> ok
    end.

%% ---- helpers of main/0
%% makes Name exit with Reason, then waits until its supervisor has handled the exit
%% (a call to it is queued after the 'EXIT' it got)
crash(Sup, Name, Reason) ->
    P = whereis(Name),
    Ref = monitor(process, P),
    gen_server:cast(P, {exit, Reason}),
    receive {'DOWN', Ref, process, P, _} -> ok end,
    _ = (catch supervisor:count_children(Sup)),
    ok.

show(Sup) ->
    L = supervisor:which_children(Sup),
    io:format("children ~p~n", [[{Id, kind(P)} || {Id, P, _, _} <- L]]).

kind(P) when is_pid(P) -> pid;
kind(X) -> X.

wait_exit(Sup) -> receive {'EXIT', Sup, Why} -> Why end.
