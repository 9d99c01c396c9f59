-module(ds_gbt_seq).
-export([main/0]).
%% Sequential inserts trigger the rebalancing rule many times.
main() ->
    Up = lists:foldl(fun(I, T) -> gb_trees:insert(I, I * I, T) end, gb_trees:empty(), lists:seq(1, 40)),
    Down = lists:foldl(fun(I, T) -> gb_trees:insert(I, x, T) end, gb_trees:empty(), lists:seq(40, 1, -1)),
    [Up, Down, gb_trees:balance(Up), gb_trees:balance(Down) =:= gb_trees:balance(Down)].
