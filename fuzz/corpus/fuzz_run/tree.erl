-module(tree).
-export([main/0]).
%% A binary search tree.
main() -> T = lists_foldl([5, 3, 8, 1, 4, 7, 9, 2, 6], nil), {to_list(T), member(4, T), member(10, T), height(T)}.
lists_foldl([], T) -> T;
lists_foldl([X | Xs], T) -> lists_foldl(Xs, insert(X, T)).
insert(X, nil) -> {node, nil, X, nil};
insert(X, {node, L, V, R}) when X < V -> {node, insert(X, L), V, R};
insert(X, {node, L, V, R}) when X > V -> {node, L, V, insert(X, R)};
insert(_, T) -> T.
to_list(nil) -> [];
to_list({node, L, V, R}) -> to_list(L) ++ [V | to_list(R)].
member(_, nil) -> false;
member(X, {node, _, X, _}) -> true;
member(X, {node, L, V, _}) when X < V -> member(X, L);
member(X, {node, _, _, R}) -> member(X, R).
height(nil) -> 0;
height({node, L, _, R}) -> 1 + max(height(L), height(R)).
