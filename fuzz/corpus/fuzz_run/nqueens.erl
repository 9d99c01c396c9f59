-module(nqueens).
-export([main/0]).
main() -> length(queens(6)).
queens(N) -> q(N, N).
q(0, _) -> [[]];
q(K, N) -> [[C | Qs] || Qs <- q(K - 1, N), C <- lists:seq(1, N), safe(C, Qs, 1)].
safe(_, [], _) -> true;
safe(C, [Q | Qs], D) -> C =/= Q andalso abs(C - Q) =/= D andalso safe(C, Qs, D + 1).
