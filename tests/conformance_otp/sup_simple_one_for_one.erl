%% supervisor: simple_one_for_one: start_child with extra arguments, counting, terminate by
%% pid, and the calls it refuses.
-module(sup_simple_one_for_one).
-export([main/0, init/1, start_worker/1, start_worker/2, handle_call/3, handle_cast/2, terminate/2]).

main() ->
    process_flag(trap_exit, true),
    {ok, Sup} = supervisor:start_link(?MODULE, []),
    {ok, P1} = supervisor:start_child(Sup, [k1]),
    {ok, P2} = supervisor:start_child(Sup, [k2]),
    {ok, _} = supervisor:start_child(Sup, [k3]),
    A = length(supervisor:which_children(Sup)),
    [{undefined, _, worker, [?MODULE]} | _] = supervisor:which_children(Sup),
    B = supervisor:count_children(Sup),
    C = supervisor:terminate_child(Sup, P1),
    D = supervisor:terminate_child(Sup, P1),
    E = supervisor:terminate_child(Sup, k2),
    F = supervisor:restart_child(Sup, k2),
    G = supervisor:delete_child(Sup, k2),
    H = supervisor:count_children(Sup),
    crash(Sup, k2, crashed),
    I = supervisor:count_children(Sup),
    J = is_pid(whereis(k2)) andalso whereis(k2) =/= P2,
    K = supervisor:start_child(Sup, [k3]),
    exit(Sup, shutdown),
    {A, B, C, D, E, F, G, H, I, J, element(1, K), element(1, element(2, K)), wait_exit(Sup)}.

sup_init([]) ->
    {ok, {#{strategy => simple_one_for_one, intensity => 5, period => 10},
          [#{id => ignored_id, start => {?MODULE, start_worker, []}}]}}.

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
