%% supervisor: more restarts than intensity within period: the supervisor terminates its
%% children and exits shutdown.
-module(sup_intensity).
-export([main/0, init/1, start_worker/1, start_worker/2, handle_call/3, handle_cast/2, terminate/2]).

main() ->
    process_flag(trap_exit, true),
    {ok, Sup} = supervisor:start_link({local, the_sup}, ?MODULE, []),
    crash(Sup, w1, crashed),
    io:format("-- first restart done~n"),
    crash(Sup, w2, crashed),
    io:format("-- second restart done~n"),
    crash(Sup, w1, crashed),
    Why = wait_exit(Sup),
    {Why, whereis(the_sup), whereis(w1), whereis(w2)}.

sup_init([]) ->
    {ok, {#{strategy => one_for_one, intensity => 2, period => 3600}, [#{id => Id, start => {?MODULE, start_worker, [Id]}} || Id <- [w1, w2]]}}.

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
