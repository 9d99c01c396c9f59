-module(match_repeat_var).
-export([main/0]).
main() -> [same(1, 1), same(1, 2), same({a}, {a}), same(1, 1.0)].
same(X, X) -> true;
same(_, _) -> false.
