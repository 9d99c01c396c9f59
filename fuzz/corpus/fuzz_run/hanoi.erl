-module(hanoi).
-export([main/0]).
main() -> {length(hanoi(10, a, b, c)), hanoi(2, a, b, c)}.
hanoi(0, _, _, _) -> [];
hanoi(N, F, T, V) -> hanoi(N - 1, F, V, T) ++ [{F, T}] ++ hanoi(N - 1, V, T, F).
