%% examples/ring.erl — guest processes under limits: N processes in a
%% ring pass a token once around. Processes are a capability, off by
%% default; the run's limits bound the whole tree (docs/actors.md).
%%   hl run --grant processes --max-reductions 2000000 examples/ring.erl main 10000
%%   hl run --grant processes --max-reductions 20000 examples/ring.erl main 10000   (exit 3)
%%   hl run examples/ring.erl main 10000                                          (exit 2)
-module(ring).
-export([main/1]).

main(N) ->
    Me = self(),
    First = lists:foldl(fun(_, Next) -> spawn(fun() -> relay(Next) end) end, Me, lists:seq(1, N)),
    First ! {token, 0},
    receive {token, Hops} -> Hops end.

relay(Next) -> receive {token, K} -> Next ! {token, K + 1} end.
