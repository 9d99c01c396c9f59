-module(mutual_recursion).
-export([main/0]).
main() -> {even(10), odd(7), even(3)}.
even(0) -> true;
even(N) -> odd(N - 1).
odd(0) -> false;
odd(N) -> even(N - 1).
