-module(fib_memo_tuple).
-export([main/0]).
main() -> element(2, fib(80, [])).
fib(N, M) when N < 2 -> {M, N};
fib(N, M) -> case lists:keyfind(N, 1, M) of {N, V} -> {M, V}; false -> {M1, A} = fib(N - 1, M), {M2, B} = fib(N - 2, M1), V = A + B, {[{N, V} | M2], V} end.
