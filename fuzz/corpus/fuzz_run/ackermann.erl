-module(ackermann).
-export([main/0]).
main() -> [ack(2, 3), ack(3, 3)].
ack(0, N) -> N + 1;
ack(M, 0) -> ack(M - 1, 1);
ack(M, N) -> ack(M - 1, ack(M, N - 1)).
