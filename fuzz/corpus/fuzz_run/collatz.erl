-module(collatz).
-export([main/0]).
main() -> [steps(N) || N <- [1, 7, 27, 97]].
steps(1) -> 0;
steps(N) when N rem 2 == 0 -> 1 + steps(N div 2);
steps(N) -> 1 + steps(3 * N + 1).
