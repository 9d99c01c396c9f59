%% procbench.erl — kernels for guest processes (docs/actors.md), run by
%% `hl run --grant processes` and by erl for the BEAM figures (bench/README.md,
%% "Guest processes"). Not yet rows of bench/run.sh.
-module(procbench).
-export([pingpong/1, spawn_wait/1, spawn_only/1]).

%% N round trips between two processes.
pingpong(N) -> P = spawn(fun pong/0), ping(P, N), P ! stop, ok.
ping(_, 0) -> ok;
ping(P, N) -> P ! {self(), N}, receive N -> ping(P, N - 1) end.
pong() -> receive {From, N} -> From ! N, pong(); stop -> ok end.

%% N processes spawned that each wait in receive, then each stopped.
spawn_wait(N) -> Ps = spawn_n(N, []), [P ! stop || P <- Ps], length(Ps).
spawn_n(0, Acc) -> Acc;
spawn_n(N, Acc) -> spawn_n(N - 1, [spawn(fun w/0) | Acc]).
w() -> receive stop -> ok end.

%% N processes spawned that each run to their wait; the run ends with them
%% alive (hl run frees them; erl leaves them).
spawn_only(N) -> spawn_o(N), erlang:yield(), N.
spawn_o(0) -> ok;
spawn_o(N) -> spawn(fun w/0), spawn_o(N - 1).
