%% Each process spawns the next, 2,000 deep; the last answers main directly with the depth.
-module(many_chain_spawn).
-export([main/0]).

main() ->
    Main = self(),
    spawn(fun() -> step(1, 2000, Main) end),
    receive {depth, D} -> D end.

step(N, N, Main) -> Main ! {depth, N};
step(I, N, Main) -> spawn(fun() -> step(I + 1, N, Main) end).
