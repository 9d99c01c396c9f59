%% examples/service.erl — a small supervised service, as OTP applications are
%% written: a supervisor (one_for_one) with two gen_server workers, a counter
%% and a key-value cache. main/0 uses them, crashes the counter on purpose,
%% and shows the supervisor restarting it with a fresh state while the cache
%% keeps its own. Behaviours need the processes capability; the run's limits
%% bound the whole tree (docs/behaviours.md).
%%   hl run --grant processes examples/service.erl main
-module(service).
-behaviour(supervisor).
-export([main/0, init/1, start_worker/1, handle_call/3, handle_cast/2]).

main() ->
    {ok, Sup} = supervisor:start_link({local, service_sup}, ?MODULE, top),
    ok = gen_server:cast(counter, {add, 5}),
    6 = gen_server:call(counter, {add, 1}),
    ok = gen_server:call(cache, {put, greeting, <<"hello">>}),
    Before = {gen_server:call(counter, get), gen_server:call(cache, {get, greeting})},
    %% a bad request crashes the counter: its caller sees the exit, the
    %% supervisor starts a new counter under the same name
    {'EXIT', {{Why, _Stack}, {gen_server, call, _}}} = (catch gen_server:call(counter, {add, not_a_number})),
    %% (asking the supervisor first: it has handled the crash when it answers)
    Children = lists:sort([{Id, is_pid(P)} || {Id, P, worker, _} <- supervisor:which_children(Sup)]),
    After = {gen_server:call(counter, get), gen_server:call(cache, {get, greeting})},
    unlink(Sup),
    exit(Sup, shutdown),
    #{before => Before, crash => Why, 'after' => After, children => Children}.

%% the supervisor
init(top) ->
    {ok, {#{strategy => one_for_one, intensity => 3, period => 5},
          [#{id => counter, start => {?MODULE, start_worker, [counter]}},
           #{id => cache, start => {?MODULE, start_worker, [cache]}}]}};
%% the workers (gen_server callbacks)
init({worker, counter}) -> {ok, 0};
init({worker, cache}) -> {ok, #{}}.

start_worker(Name) -> gen_server:start_link({local, Name}, ?MODULE, {worker, Name}, []).

handle_call({add, K}, _From, N) -> {reply, N + K, N + K};
handle_call(get, _From, N) when is_integer(N) -> {reply, N, N};
handle_call({put, K, V}, _From, M) -> {reply, ok, M#{K => V}};
handle_call({get, K}, _From, M) -> {reply, maps:get(K, M, undefined), M}.

handle_cast({add, K}, N) -> {noreply, N + K}.
