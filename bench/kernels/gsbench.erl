%% gsbench.erl — kernels for the behaviours (docs/behaviours.md, "Costs"):
%% run by `hl run --grant processes` and by erl for the BEAM figures
%% (bench/gsbench.sh runs both in the same session).
-module(gsbench).
-export([calls/1, starts/1, start_stop/1, idle/1, idle_hib/1, restarts/1, timed/2,
         init/1, handle_call/3, handle_cast/2, handle_info/2, start_child/0]).

%% Nanoseconds per operation of kernel K run N times, by the monotonic clock
%% (hl run needs --grant clocks); the run's teardown is not in it.
timed(K, N) ->
    T0 = erlang:monotonic_time(nanosecond),
    case K of
        calls -> calls(N);
        starts -> starts(N);
        restarts -> restarts(N)
    end,
    (erlang:monotonic_time(nanosecond) - T0) div N.

%% N gen_server:call round trips between two processes.
calls(N) ->
    {ok, P} = gen_server:start(?MODULE, 0, []),
    call_n(P, N),
    gen_server:call(P, get).
call_n(_, 0) -> ok;
call_n(P, N) -> gen_server:call(P, inc), call_n(P, N - 1).

%% N gen_servers started (init returns {ok, S}), each left waiting.
starts(N) -> start_n(N), N.
start_n(0) -> ok;
start_n(N) -> {ok, _} = gen_server:start(?MODULE, 0, []), start_n(N - 1).

%% N gen_servers started and stopped one after the other (CPU time with
%% nothing left for the run's teardown, as erl's halt frees nothing).
start_stop(0) -> ok;
start_stop(N) -> {ok, P} = gen_server:start(?MODULE, 0, []), ok = gen_server:stop(P), start_stop(N - 1).

%% N idle gen_servers after a call each (memory per server:
%% process_info(P, memory) of one, and the run's RSS divided by N).
idle(N) -> Ps = [begin {ok, P} = gen_server:start(?MODULE, 0, []), 0 = gen_server:call(P, get), P end
                 || _ <- lists:seq(1, N)],
           {memory, M} = process_info(hd(Ps), memory), M.
idle_hib(N) -> Ps = [begin {ok, P} = gen_server:start(?MODULE, 0, []), gen_server:cast(P, hib), P end
                     || _ <- lists:seq(1, N)],
               receive after 100 -> ok end,
               {memory, M} = process_info(hd(Ps), memory), M.

%% N restarts of a crashed child under a one_for_one supervisor.
restarts(N) ->
    process_flag(trap_exit, true),
    {ok, Sup} = supervisor:start_link(?MODULE, sup),
    restart_n(Sup, N).
restart_n(_, 0) -> ok;
restart_n(Sup, N) ->
    [{_, P, _, _}] = supervisor:which_children(Sup),
    exit(P, kill),
    restart_n(Sup, N - 1).

start_child() -> gen_server:start_link(?MODULE, 0, []).

init(sup) -> {ok, {#{strategy => one_for_one, intensity => 1000000000, period => 1},
                   [#{id => c, start => {?MODULE, start_child, []}}]}};
init(N) -> {ok, N}.
handle_call(inc, _, N) -> {reply, ok, N + 1};
handle_call(get, _, N) -> {reply, N, N}.
handle_cast(hib, N) -> {noreply, N, hibernate}.
handle_info(_, N) -> {noreply, N}.
