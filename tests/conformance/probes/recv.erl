-module(recv).
-export([forever/0, infinity/0, wait/1]).
%% Receive probes for run.sh: nothing can arrive in a plain run, so a
%% receive without `after` (or with `after infinity`) waits until the run's
%% deadline, and `after T` sleeps T ms without spinning the CPU.
forever() -> receive X -> X end.
infinity() -> receive X -> X after infinity -> never end.
wait(T) -> receive after T -> {waited, T} end.
