-module(deep_recursion).
-export([main/0]).
main() -> length(build(100000, [])) + depth(50000).
build(0, A) -> A;
build(N, A) -> build(N - 1, [N | A]).
depth(0) -> 0;
depth(N) -> 1 + depth(N - 1).
