-module(tail_loop).
-export([main/0]).
main() -> {sum(1000000, 0), count(0)}.
sum(0, A) -> A;
sum(N, A) -> sum(N - 1, A + N).
count(100000) -> done;
count(N) -> count(N + 1).
