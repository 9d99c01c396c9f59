-module(recv_after10).
-export([main/0, wait/1]).
%% `after 10` waits ten milliseconds of wall clock (nothing can arrive), then
%% runs the after body; `after infinity` is accepted as a timeout value (the
%% run.sh probes time these and stop an infinite wait at the deadline).
main() ->
    R = receive stop -> stopped after 10 -> timed_out end,
    {R, waits(5), pick(10)}.

waits(0) -> done;
waits(N) -> receive after 2 -> waits(N - 1) end.

pick(T) ->
    receive
        {a, X} -> X;
        {b, _} = M -> M
    after T + 1 ->
        {waited, T + 1}
    end.

wait(T) -> receive after T -> {waited, T} end.
