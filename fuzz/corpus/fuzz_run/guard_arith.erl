-module(guard_arith).
-export([main/0]).
main() -> [t(X) || X <- [1, 4, 9, 10]].
t(X) when X * X > 50 -> big;
t(X) when X + 1 == 5 -> four;
t(X) when -X < -5 -> mid;
t(_) -> small.
