%% actorbench.erl — BEAM's side of bench/actors.sh (bench/bench_actors.c is
%% Hyperlang's): the same measurements, gen_servers where Hyperlang has
%% actors, each figure the median over rounds, printed as
%% `ROW<TAB>key<TAB>value<TAB>cpu` (cpu: the runtime's CPU figure beside a
%% wall one, or -). Wall time from erlang:monotonic_time/1; CPU from
%% statistics(runtime) (every scheduler thread, ms resolution: batches are
%% sized to make it small).
%%   erlc -o DIR bench/kernels/actorbench.erl
%%   erl -noshell +S 1 -pa DIR -run actorbench main quick single   (spawn, spawn_stop, pingpong, call, idle)
%%   erl -noshell +S 2 -pa DIR -run actorbench main quick multi    (fib15_K, noisy, drop)
-module(actorbench).
-behaviour(gen_server).
-export([main/1, init/1, handle_call/3, handle_cast/2, spin/0]).

init(Host) -> {ok, Host}.
handle_call({fib, N}, _From, H) -> {reply, fib(N), H};
handle_call(R, _From, H) -> {reply, R, H}.
handle_cast({fib, N}, H) -> H ! fib(N), {noreply, H}.

fib(N) when N < 2 -> N;
fib(N) -> fib(N - 1) + fib(N - 2).

spin() -> spin().

now_ns() -> erlang:monotonic_time(nanosecond).
cpu_ms() -> element(1, statistics(runtime)).

median(L) -> lists:nth(length(L) div 2 + 1, lists:sort(L)).

row(Key, V, none) -> io:format("ROW\t~s\t~.1f\t-~n", [Key, float(V)]);
row(Key, V, C) -> io:format("ROW\t~s\t~.1f\t~.1f~n", [Key, float(V), float(C)]).

%% Wall and CPU per unit of F(N), ns, over Rounds (medians).
per_unit(Key, F, N, Rounds) ->
    F(N),
    Rs = [begin
              erlang:garbage_collect(),
              T0 = now_ns(), C0 = cpu_ms(),
              F(N),
              {(now_ns() - T0) / N, (cpu_ms() - C0) * 1.0e6 / N}
          end || _ <- lists:seq(1, Rounds)],
    row(Key, median([W || {W, _} <- Rs]), median([C || {_, C} <- Rs])).

%% The kernels Hyperlang runs (bench_actors.c's SRC): the same code.
spawn_wait(N) -> Ps = spawn_n(N, []), [P ! stop || P <- Ps], length(Ps).
spawn_n(0, Acc) -> Acc;
spawn_n(N, Acc) -> spawn_n(N - 1, [spawn(fun w/0) | Acc]).
w() -> receive stop -> ok end.
spawn_o(0) -> ok;
spawn_o(N) -> spawn(fun w/0), spawn_o(N - 1).
pingpong(N) -> P = spawn(fun pong/0), ping(P, N), P ! stop, ok.
ping(_, 0) -> ok;
ping(P, N) -> P ! {self(), N}, receive N -> ping(P, N - 1) end.
pong() -> receive {From, N} -> From ! N, pong(); stop -> ok end.

%% Spawn to receive: N processes spawned that wait, then a yield (the run
%% queue is FIFO: they all reach their receive first), timed; then, not
%% timed, each gets stop (found as the processes that were not there).
spawn_to_receive(N, Rounds) ->
    Rs = [begin
              Before = gb_sets:from_list(erlang:processes()),
              erlang:garbage_collect(),
              T0 = now_ns(), C0 = cpu_ms(),
              spawn_o(N), erlang:yield(),
              R = {(now_ns() - T0) / N, (cpu_ms() - C0) * 1.0e6 / N},
              [P ! stop || P <- erlang:processes(), not gb_sets:is_member(P, Before)],
              wait_count(gb_sets:size(Before)),
              R
          end || _ <- lists:seq(1, Rounds + 1)],
    [_ | Rs1] = Rs,
    row("spawn", median([W || {W, _} <- Rs1]), median([C || {_, C} <- Rs1])).

calls(_, _, 0) -> ok;
calls(S, R, N) -> gen_server:call(S, R), calls(S, R, N - 1).

bench_call(Q) ->
    {ok, S} = gen_server:start(?MODULE, self(), []),
    N = if Q -> 5000; true -> 50000 end,
    per_unit("call", fun(K) -> calls(S, 42, K) end, N, if Q -> 3; true -> 15 end),
    gen_server:stop(S).

rss_kb() ->
    {ok, B} = file:read_file("/proc/self/statm"),
    [_, Rss | _] = string:lexemes(binary_to_list(B), " \n"),
    list_to_integer(Rss) * 4.

%% RSS growth over 100,000 processes waiting in receive, bytes each.
bench_idle() ->
    N = 100000,
    erlang:garbage_collect(),
    R0 = rss_kb(),
    Ps = [spawn(fun w/0) || _ <- lists:seq(1, N)],
    erlang:yield(),
    R1 = rss_kb(),
    row("idle", (R1 - R0) * 1024 / N, none),
    [P ! stop || P <- Ps],
    ok.

bench_fib(Q) ->
    Rounds = if Q -> 3; true -> 7 end,
    Total = if Q -> 64; true -> 512 end,
    lists:foreach(
      fun(K) ->
              Per = max(4, Total div K),
              Ss = [element(2, gen_server:start(?MODULE, self(), [])) || _ <- lists:seq(1, K)],
              V = [begin
                       T0 = now_ns(),
                       [gen_server:cast(S, {fib, 15}) || _ <- lists:seq(1, Per), S <- Ss],
                       [receive R when is_integer(R) -> ok end || _ <- lists:seq(1, Per * K)],
                       Per * K / ((now_ns() - T0) / 1.0e9)
                   end || _ <- lists:seq(1, Rounds)],
              row("fib15_" ++ integer_to_list(K), median(V), none),
              [gen_server:stop(S) || S <- Ss]
      end, [1, 2, 4, 16, 64]).

p99(S, N) ->
    L = lists:sort([begin T0 = now_ns(), gen_server:call(S, {fib, 10}), (now_ns() - T0) / 1000 end
                    || _ <- lists:seq(1, N)]),
    lists:nth(N * 99 div 100, L).

%% A high-priority gen_server's fib(10) call p99 alone and with 16
%% low-priority processes spinning (BEAM's priorities: the counterpart of
%% Hyperlang's latency and background classes).
bench_noisy(Q) ->
    N = if Q -> 1000; true -> 5000 end,
    process_flag(priority, high),
    {ok, S} = gen_server:start(?MODULE, self(), [{spawn_opt, [{priority, high}]}]),
    p99(S, 1000),
    A = p99(S, N),
    Sp = [spawn_opt(fun spin/0, [{priority, low}]) || _ <- lists:seq(1, 16)],
    p99(S, 1000),
    B = p99(S, N),
    row("noisy_alone", A, none),
    row("noisy_busy", B, none),
    row("noisy_ratio", B / A, none),
    [exit(P, kill) || P <- Sp],
    gen_server:stop(S),
    process_flag(priority, normal).

%% 1,000 spinning processes, each with a spinning linked child, killed:
%% ms from the first kill until the process count is back where it was
%% (every one of them gone), polled.
drop_once() ->
    Base = erlang:system_info(process_count),
    Ps = [spawn(fun() -> spawn_link(fun spin/0), spin() end) || _ <- lists:seq(1, 1000)],
    timer:sleep(50),
    T0 = now_ns(),
    [exit(P, kill) || P <- Ps],
    wait_count(Base),
    (now_ns() - T0) / 1.0e6.
wait_count(Base) ->
    case erlang:system_info(process_count) =< Base of
        true -> ok;
        false -> erlang:yield(), wait_count(Base)
    end.

bench_drop(Q) ->
    row("drop", median([drop_once() || _ <- lists:seq(1, if Q -> 3; true -> 7 end)]), none).

main([Mode, Group]) ->
    Q = Mode =:= "quick",
    Rounds = if Q -> 3; true -> 9 end,
    case Group of
        "single" ->
            bench_idle(),
            spawn_to_receive(if Q -> 10000; true -> 50000 end, Rounds),
            per_unit("spawn_stop", fun spawn_wait/1, if Q -> 10000; true -> 50000 end, Rounds),
            per_unit("pingpong", fun pingpong/1, if Q -> 20000; true -> 200000 end, Rounds),
            bench_call(Q);
        "multi" ->
            bench_fib(Q),
            bench_noisy(Q),
            bench_drop(Q)
    end,
    halt().
