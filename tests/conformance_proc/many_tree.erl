%% A binary tree of processes 10 levels deep: each node sums its children's answers (1,024 leaves).
-module(many_tree).
-export([main/0]).

main() ->
    Main = self(),
    spawn(fun() -> tree_node(10, 1, Main) end),
    receive {sum, S} -> S end.

tree_node(0, I, Parent) ->
    Parent ! {sum, I};
tree_node(D, I, Parent) ->
    Self = self(),
    L = spawn(fun() -> tree_node(D - 1, 2 * I, Self) end),
    R = spawn(fun() -> tree_node(D - 1, 2 * I + 1, Self) end),
    A = receive {sum, X} -> X end,
    B = receive {sum, Y} -> Y end,
    _ = {L, R},
    Parent ! {sum, A + B}.
