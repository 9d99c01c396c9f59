%% A ring built with spawn/3: each node knows its index and appends it to the message as it passes.
-module(ring_spawn3).
-export([main/0, node_start/2]).

main() ->
    First = lists:foldl(fun(I, Next) -> spawn(?MODULE, node_start, [I, Next]) end, self(), lists:seq(8, 1, -1)),
    First ! {visit, []},
    receive {visit, Path} -> lists:reverse(Path) end.

node_start(I, Next) ->
    receive
        {visit, Path} -> Next ! {visit, [I | Path]}
    end.
