-module(if_true_fallthrough).
-export([main/0]).
main() -> [g(N) || N <- lists:seq(1, 15)].
g(N) -> if N rem 15 == 0 -> fizzbuzz; N rem 3 == 0 -> fizz; N rem 5 == 0 -> buzz; true -> N end.
