-module(mutual_tail_big).
-export([main/0]).
main() -> ping(1000000).
ping(0) -> done;
ping(N) -> pong(N - 1).
pong(0) -> done_pong;
pong(N) -> ping(N - 1).
