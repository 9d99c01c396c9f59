-module(primes).
-export([main/0]).
main() -> sieve(lists_seq(2, 60)).
lists_seq(A, B) when A > B -> [];
lists_seq(A, B) -> [A | lists_seq(A + 1, B)].
sieve([]) -> [];
sieve([P | T]) -> [P | sieve([X || X <- T, X rem P =/= 0])].
