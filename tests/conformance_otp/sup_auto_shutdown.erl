%% supervisor: auto_shutdown with significant children (any_significant, all_significant).
-module(sup_auto_shutdown).
-export([main/0, init/1, start_worker/1, start_worker/2, handle_call/3, handle_cast/2, terminate/2]).

main() ->
    process_flag(trap_exit, true),
    {ok, S1} = supervisor:start_link(?MODULE, any_significant),
    crash(S1, sig1, normal),
    A = wait_exit(S1),
    {ok, S2} = supervisor:start_link(?MODULE, all_significant),
    crash(S2, sig1, normal),
    B = supervisor:count_children(S2),
    crash(S2, sig2, shutdown),
    C = wait_exit(S2),
    {A, B, C}.

sup_init(Auto) ->
    {ok, {#{strategy => one_for_one, auto_shutdown => Auto},
          [#{id => sig1, start => {?MODULE, start_worker, [sig1]}, restart => transient, significant => true},
           #{id => plain, start => {?MODULE, start_worker, [plain]}},
           #{id => sig2, start => {?MODULE, start_worker, [sig2]}, restart => temporary, significant => true}]}}.

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
