-module(guard_nested_construct).
-export([main/0]).
%% Guards comparing with nested constructions of bound variables.
id(X) -> X.
f(X, Y) when {X, [X, {X}]} =:= Y -> nested;
f(X, Y) when [X | [X + 1]] == Y -> list;
f(X, Y) when #{k => [X]} =:= Y -> map;
f(_, _) -> no.
main() -> [f(1, id({1, [1, {1}]})), f(1, id([1, 2.0])), f(1, id(#{k => [1]})), f(1, id(x)), f(a, id([a, b]))].
