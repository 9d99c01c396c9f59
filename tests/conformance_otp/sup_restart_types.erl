%% supervisor: permanent children restart on any exit, transient only on abnormal ones,
%% temporary never (and are forgotten).
-module(sup_restart_types).
-export([main/0, init/1, start_worker/1, start_worker/2, handle_call/3, handle_cast/2, terminate/2]).

main() ->
    process_flag(trap_exit, true),
    {ok, Sup} = supervisor:start_link(?MODULE, []),
    crash(Sup, perm, normal), show(Sup),
    crash(Sup, trans, normal), show(Sup),
    ok = supervisor:delete_child(Sup, trans),
    {ok, _} = supervisor:start_child(Sup, #{id => trans, start => {?MODULE, start_worker, [trans]}, restart => transient}),
    crash(Sup, trans, shutdown), show(Sup),
    {ok, _} = supervisor:restart_child(Sup, trans),
    crash(Sup, trans, {shutdown, x}), show(Sup),
    {ok, _} = supervisor:restart_child(Sup, trans),
    crash(Sup, trans, abnormal), show(Sup),
    crash(Sup, temp, abnormal), show(Sup),
    C = supervisor:count_children(Sup),
    exit(Sup, shutdown),
    {C, wait_exit(Sup)}.

sup_init([]) ->
    {ok, {#{strategy => one_for_one, intensity => 10, period => 10},
          [#{id => perm, start => {?MODULE, start_worker, [perm]}, restart => permanent},
           #{id => trans, start => {?MODULE, start_worker, [trans]}, restart => transient},
           #{id => temp, start => {?MODULE, start_worker, [temp]}, restart => temporary}]}}.

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
