-module(nested_case).
-export([main/0]).
main() -> [f(X, Y) || X <- [1, 2], Y <- [a, b]].
f(X, Y) -> case X of 1 -> case Y of a -> one_a; _ -> one_other end; _ -> case Y of b -> two_b; _ -> other end end.
