-module(prog_primes).
-export([sieve/1[, is_prime/1, factors/1]).

sieve(N) -> sieve(lists:seq(2, N), []).

sieve([], Acc) -> lists:reverse(Acc);
sieve([P | Xs], Acc) -> sieve([X || X <- Xs, X rem P =/= 0], [P | Acc]).

is_prime(N) when N < 2 -> false;
is_prime(2) -> true;
is_prime(N) when N rem 2 =:= 0 -> false;
is_prime(N) -> is_prime(N, 3).

is_prime(N, D) when D * D > N -> true;
is_prime(N, D) when N rem D =:= 0 -> false;
is_prime(N, D) -> is_prime(N, D + 2).

factors(N) -> factors(N, 2, []).

factors(1, _, Acc) -> lists:reverse(Acc);
factors(N, D, Acc) when N rem D =:= 0 -> factors(N div D, D, [D | Acc]);
factors(N, D, Acc) when D * D > N -> lists:reverse([N | Acc]);
factors(N, D, Acc) -> factors(N, D + 1, Acc).
