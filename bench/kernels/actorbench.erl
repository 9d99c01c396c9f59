%% actorbench.erl — BEAM's side of bench/bench_actors.c, the same
%% measurements with gen_servers (medians over batches, wall clock):
%% gen_server:call round trip, fib(15) requests per second over K servers
%% (casts answered to the caller), and a high-priority server's call p50 /
%% p99 alone and with 16 low-priority processes spinning.
%%   erlc -o /tmp bench/kernels/actorbench.erl &&
%%   erl -noshell -pa /tmp -s actorbench main -s init stop
-module(actorbench).
-behaviour(gen_server).
-export([main/0, init/1, handle_call/3, handle_cast/2, spin/0]).

init(Host) -> {ok, Host}.
handle_call({fib, N}, _From, H) -> {reply, fib(N), H};
handle_call(R, _From, H) -> {reply, R, H}.
handle_cast({fib, N}, H) -> H ! fib(N), {noreply, H}.

fib(N) when N < 2 -> N;
fib(N) -> fib(N - 1) + fib(N - 2).

spin() -> spin().

now_ns() -> erlang:monotonic_time(nanosecond).

median(L) -> lists:nth(length(L) div 2 + 1, lists:sort(L)).

calls(_, _, 0) -> ok;
calls(S, R, N) -> gen_server:call(S, R), calls(S, R, N - 1).

bench_call() ->
    {ok, S} = gen_server:start(?MODULE, self(), []),
    calls(S, 42, 2000),
    V = [begin T0 = now_ns(), calls(S, 42, 5000), (now_ns() - T0) / 5000 end || _ <- lists:seq(1, 15)],
    io:format("call round trip (gen_server:call)\t~w ns~n", [round(median(V))]),
    gen_server:stop(S).

bench_fib() ->
    lists:foreach(
      fun(K) ->
              Per = max(4, 256 div K),
              Ss = [element(2, gen_server:start(?MODULE, self(), [])) || _ <- lists:seq(1, K)],
              V = [begin
                       T0 = now_ns(),
                       [gen_server:cast(S, {fib, 15}) || _ <- lists:seq(1, Per), S <- Ss],
                       [receive R when is_integer(R) -> ok end || _ <- lists:seq(1, Per * K)],
                       Per * K / ((now_ns() - T0) / 1.0e9)
                   end || _ <- lists:seq(1, 7)],
              io:format("fib(15) requests over ~p gen_servers\t~w /s~n", [K, round(median(V))]),
              [gen_server:stop(S) || S <- Ss]
      end, [1, 2, 4, 16, 64]).

lat(S, N) ->
    L = lists:sort([begin T0 = now_ns(), gen_server:call(S, {fib, 10}), (now_ns() - T0) / 1000 end
                    || _ <- lists:seq(1, N)]),
    {lists:nth(N div 2, L), lists:nth(N * 99 div 100, L)}.

bench_noisy() ->
    process_flag(priority, high),
    {ok, S} = gen_server:start(?MODULE, self(), [{spawn_opt, [{priority, high}]}]),
    lat(S, 1000),
    {A50, A99} = lat(S, 5000),
    Sp = [spawn_opt(fun spin/0, [{priority, low}]) || _ <- lists:seq(1, 16)],
    lat(S, 1000),
    {B50, B99} = lat(S, 5000),
    io:format("noisy neighbours: high-priority gen_server's fib(10) call alone\tp50 ~.1f us, p99 ~.1f us~n", [A50, A99]),
    io:format("noisy neighbours: with 16 low-priority processes spinning\tp50 ~.1f us, p99 ~.1f us (~.2fx)~n",
              [B50, B99, B99 / A99]),
    [exit(P, kill) || P <- Sp],
    gen_server:stop(S).

main() ->
    bench_call(),
    bench_fib(),
    bench_noisy().
