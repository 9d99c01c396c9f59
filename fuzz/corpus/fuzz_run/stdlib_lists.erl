-module(stdlib_lists).
-export([main/0]).
main() -> {lists:map(fun(X) -> X * X end, [1, 2, 3]),
           lists:foldl(fun(X, A) -> X + A end, 0, lists:seq(1, 100)),
           lists:filter(fun(X) -> X > 2 end, [1, 5, 2, 7]),
           lists:sort([3, 1.5, 2, 1, b, a, {x}, [y], "s"]),
           lists:seq(5, 4), lists:seq(1, 5)}.
