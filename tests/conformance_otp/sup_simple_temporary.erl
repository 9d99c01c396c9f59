%% supervisor: simple_one_for_one with temporary children: crashes are not restarted;
%% ignore gives {ok, undefined}; a bad spec list is refused.
-module(sup_simple_temporary).
-export([main/0, init/1, start_worker/1, start_worker/2, handle_call/3, handle_cast/2, terminate/2, start_child/1]).

main() ->
    process_flag(trap_exit, true),
    {ok, Sup} = supervisor:start_link(?MODULE, temp),
    {ok, _} = supervisor:start_child(Sup, [t1]),
    {ok, _} = supervisor:start_child(Sup, [t2]),
    crash(Sup, t1, crashed),
    A = supervisor:count_children(Sup),
    B = supervisor:start_child(Sup, [ignore_me]),
    C = supervisor:start_child(Sup, [{fail, why}]),
    D = supervisor:count_children(Sup),
    exit(Sup, shutdown),
    shutdown = wait_exit(Sup),
    E = supervisor:start_link(?MODULE, two_specs),
    EE = receive {'EXIT', _, W} -> W end,
    F = supervisor:start_link(?MODULE, no_spec),
    FE = receive {'EXIT', _, W2} -> W2 end,
    {A, B, C, D, E, EE, F, FE}.

start_child(ignore_me) -> ignore;
start_child({fail, W}) -> {error, W};
start_child(Id) -> start_worker(Id).

sup_init(temp) ->
    {ok, {#{strategy => simple_one_for_one},
          [#{id => t, start => {?MODULE, start_child, []}, restart => temporary}]}};
sup_init(two_specs) ->
    {ok, {#{strategy => simple_one_for_one},
          [#{id => t, start => {?MODULE, start_child, []}}, #{id => u, start => {?MODULE, start_child, []}}]}};
sup_init(no_spec) ->
    {ok, {#{strategy => simple_one_for_one}, []}}.

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
