%% supervisor: a child failing to start at init: the ones started before are terminated
%% (newest first) and start_link returns {error, {shutdown, {failed_to_start_child, Id, R}}}.
-module(sup_init_child_fails).
-export([main/0, init/1, start_worker/1, start_worker/2, handle_call/3, handle_cast/2, terminate/2, start_fail/1]).

main() ->
    process_flag(trap_exit, true),
    A = supervisor:start_link({local, s1}, ?MODULE, error),
    EA = wait_any(),
    B = supervisor:start_link(?MODULE, init_stop),
    EB = wait_any(),
    C = supervisor:start_link(?MODULE, ignore_temp),
    {A, EA, B, EB, element(1, C), whereis(s1)}.

wait_any() -> receive {'EXIT', _, W} -> W end.

start_fail(R) -> R.

sup_init({stop_init, R}) -> {stop, R};
sup_init(error) ->
    {ok, {#{}, [#{id => a, start => {?MODULE, start_worker, [a]}},
                #{id => b, start => {?MODULE, start_worker, [b]}},
                #{id => c, start => {?MODULE, start_fail, [{error, c_failed}]}},
                #{id => d, start => {?MODULE, start_worker, [d]}}]}};
sup_init(init_stop) ->
    {ok, {#{}, [#{id => a, start => {?MODULE, start_worker, [a]}},
                #{id => s, start => {gen_server, start_link, [?MODULE, {stop_init, nope}, []]}}]}};
sup_init(ignore_temp) ->
    {ok, {#{}, [#{id => i, start => {?MODULE, start_fail, [ignore]}, restart => temporary},
                #{id => j, start => {?MODULE, start_fail, [ignore]}}]}}.

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
