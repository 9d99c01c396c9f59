-module(guard_fail_exception).
-export([main/0]).
main() -> [f(X) || X <- [a, 0, 2]].
f(X) when 10 div X > 2 -> big;
f(_) -> other.
